import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Cents, centsToEuros, eurosToCents, formatAmount, isMoneySchema, MAX_CENTS, normalizeCents, parseAmount, PositiveCents } from './money.ts';

describe('formatAmount', () => {
  it.each([
    [0, '0,00 €'],
    [5, '0,05 €'],
    [123456, '1.234,56 €'],
    [-123456, '-1.234,56 €'],
    [100000000, '1.000.000,00 €'],
    [-0, '0,00 €'],
  ])('%d cents -> %s', (cents, text) => {
    expect(formatAmount(cents)).toBe(text);
  });
  it('drops the currency on request', () => {
    expect(formatAmount(123456, { withCurrency: false })).toBe('1.234,56');
  });
});

describe('parseAmount', () => {
  it.each([
    // comma decimal, dots group thousands
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1234,5', 123450],
    ['1234,', 123400],
    [',5', 50],
    ['1.234.567,89 €', 123456789],
    ['1.234', 123400],
    ['12.345.678', 1234567800],
    // a dot followed by one or two digits is a decimal point
    ['1234.56', 123456],
    ['1234.5', 123450],
    ['12.34', 1234],
    ['0.05', 5],
    ['.5', 50],
    // whole euros, signs, euro sign and spaces
    ['1234', 123400],
    ['777', 77700],
    ['-50', -5000],
    ['+50', 5000],
    ['+1.234,56', 123456],
    ['-1234.56', -123456],
    ['-12,30 €', -1230],
    ['€ 12,30', 1230],
    [' 1 234,56 ', 123456],
    ['1\u00a0234,56', 123456],
    ['0', 0],
    ['-0,00', 0],
  ])('%s -> %d', (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });
  it.each([
    '',
    ' ',
    '€',
    'abc',
    '-',
    '+',
    ',',
    '.',
    '1,234',
    '1,2,3',
    '--1',
    '+-1',
    '1-',
    '1.23,45',
    '1.2345',
    '12.3456',
    '1.234.5',
    '1,234.56',
    '1.234.56',
    '1234.567',
    '1234.',
    '1..5',
    '12a',
    '1e3',
    '0x10',
    '1234.50,00',
    '1 2,3,4',
    '99999999999999999999',
  ])('rejects %j', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe('euros and cents', () => {
  it('rounds half away from zero without binary artefacts', () => {
    expect(eurosToCents(1.005)).toBe(101);
    expect(eurosToCents(-1.005)).toBe(-101);
    expect(eurosToCents(1234.56)).toBe(123456);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
  });
  it('treats values in (-0.00001, 0] as 0', () => {
    expect(eurosToCents(-0.000001)).toBe(0);
    expect(Object.is(normalizeCents(-0), -0)).toBe(false);
    expect(centsToEuros(123456)).toBe(1234.56);
  });
  it('refuses non-finite amounts', () => {
    expect(() => eurosToCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('Cents', () => {
  it('takes integer cents within ±MAX_CENTS', () => {
    expect(Cents.parse(-MAX_CENTS)).toBe(-MAX_CENTS);
    for (const bad of [1.5, MAX_CENTS + 1, Number.NaN, '12']) expect(Cents.safeParse(bad).success, String(bad)).toBe(false);
    expect(PositiveCents.safeParse(-1).success).toBe(false);
  });
  it('is marked as money, and so are the schemas derived from it; a plain number is not', () => {
    expect(isMoneySchema(Cents)).toBe(true);
    expect(isMoneySchema(PositiveCents)).toBe(true);
    expect(isMoneySchema(Cents.refine(() => true))).toBe(true);
    expect(isMoneySchema(z.number().int())).toBe(false);
    // a wrapper is not itself money: the REST walker unwraps it
    expect(isMoneySchema(Cents.optional())).toBe(false);
  });
});
