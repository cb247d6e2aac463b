import { describe, expect, it } from 'vitest';
import { appCodeOf, errorFieldOf, isSignedOutError, shouldRetryQuery } from './errors.ts';

describe('appCodeOf', () => {
  it('reads the business code of a tRPC error', () => {
    expect(appCodeOf({ data: { appCode: 'WrongCredentials' } })).toBe('WrongCredentials');
    expect(appCodeOf({ data: { appCode: 'DepartmentNotAllowed', field: null } })).toBe('DepartmentNotAllowed');
  });
  it('gives null for anything else', () => {
    expect(appCodeOf(new Error('network'))).toBeNull();
    expect(appCodeOf({ data: { appCode: 'SomethingNew' } })).toBeNull();
    expect(appCodeOf({ data: { appCode: null } })).toBeNull();
    expect(appCodeOf(null)).toBeNull();
    expect(appCodeOf('x')).toBeNull();
  });
  it('reads the field of InvalidValue', () => {
    expect(errorFieldOf({ data: { appCode: 'InvalidValue', field: 'year' } })).toBe('year');
    expect(errorFieldOf({ data: { appCode: 'InvalidValue', field: null } })).toBeNull();
  });
  it('signs out on NotAuthenticated and SessionExpired only', () => {
    expect(isSignedOutError({ data: { appCode: 'NotAuthenticated' } })).toBe(true);
    expect(isSignedOutError({ data: { appCode: 'SessionExpired' } })).toBe(true);
    expect(isSignedOutError({ data: { appCode: 'WrongCredentials' } })).toBe(false);
    expect(isSignedOutError({ data: { appCode: 'DepartmentNotAllowed' } })).toBe(false);
  });
});

describe('shouldRetryQuery', () => {
  it('retries a database outage three times, network trouble once, business errors never', () => {
    const outage = { data: { appCode: 'DatabaseUnavailable' } };
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, outage))).toEqual([true, true, true, false]);
    expect([0, 1].map((n) => shouldRetryQuery(n, new Error('network')))).toEqual([true, false]);
    expect(shouldRetryQuery(0, { data: { appCode: 'NotFound' } })).toBe(false);
  });
});
