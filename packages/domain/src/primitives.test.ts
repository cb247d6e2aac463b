import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EuroAmount, exactEurosToCents, MAX_EUROS } from './money.ts';
import { findNul, Id, INT4_MAX, Int, safeString, text } from './primitives.ts';
import { ScopeInput } from './scope.ts';

describe('bounded primitives', () => {
  it('ids and integers stay within a PostgreSQL integer column', () => {
    expect(Id.safeParse(1).success).toBe(true);
    expect(Id.safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [0, -1, INT4_MAX + 1, 2 ** 53, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1'])
      expect(Id.safeParse(bad).success, String(bad)).toBe(false);
    expect(Int.safeParse(-(2 ** 31)).success).toBe(true);
    expect(Int.safeParse(-(2 ** 31) - 1).success).toBe(false);
  });

  it('a scope names the field that is out of range', () => {
    const result = ScopeInput.safeParse({ departmentId: 2 ** 31, year: 2026 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['departmentId']);
  });

  it('texts refuse NUL and keep their own checks', () => {
    expect(text(5).safeParse('abc').success).toBe(true);
    expect(text(5).safeParse('a\u0000c').success).toBe(false);
    expect(text(5).safeParse('abcdef').error?.issues[0]?.message).toBe('TooLong');
    const trimmed = safeString().trim().max(3, 'TooLong');
    expect(trimmed.parse('  ab  ')).toBe('ab');
    expect(trimmed.safeParse(' \u0000 ').error?.issues[0]?.message).toBe('InvalidValue');
    const schema = z.object({ positions: z.array(z.object({ notes: safeString().max(10) })) });
    expect(schema.safeParse({ positions: [{ notes: 'ok' }, { notes: 'x\u0000' }] }).error?.issues[0]?.path).toEqual(['positions', 1, 'notes']);
  });

  it('finds a NUL at any depth, iteratively', () => {
    expect(findNul({ a: ['x', { b: 'y' }] })).toBeNull();
    expect(findNul({ a: ['x', { b: 'y\u0000' }] })).toBe('a.1.b');
    expect(findNul('\u0000')).toBe('');
    expect(findNul({ ['k\u0000']: 1 })).toBe('k');
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)?.split('.').length).toBe(100_000);
  });
});

describe('amounts in euros on the wire', () => {
  it('converts exact amounts to cents, binary artefacts included', () => {
    expect(exactEurosToCents(12.34)).toBe(1234);
    expect(exactEurosToCents(-0.01)).toBe(-1);
    expect(exactEurosToCents(0.1 + 0.2)).toBe(30);
    expect(exactEurosToCents(-0)).toBe(0);
    expect(exactEurosToCents(MAX_EUROS)).toBe(99_999_999_999_999);
    expect(exactEurosToCents(-MAX_EUROS)).toBe(-99_999_999_999_999);
  });

  it('refuses more than two decimals, NaN, infinities and beyond the maximum, never rounding', () => {
    for (const bad of [12.345, 1.005, 0.001, 10.999, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, MAX_EUROS + 0.01, 1e20, -1e15]) {
      expect(exactEurosToCents(bad), String(bad)).toBeNull();
      expect(EuroAmount.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(EuroAmount.safeParse('12.50').success).toBe(false);
    expect(EuroAmount.parse(20_000.5)).toBe(2_000_050);
  });
});
