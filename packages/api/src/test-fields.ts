import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { safeErrorInfo } from './errors.ts';

/** Asserts a promise fails with InvalidValue naming the field. */
export async function expectInvalid(promise: Promise<unknown>, field: string): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected InvalidValue on ${field}`).toBeInstanceOf(TRPCError);
  const info = safeErrorInfo(caught as TRPCError);
  expect({ code: info?.code, field: info?.field }).toEqual({ code: 'InvalidValue', field });
}
