import { describe, expect, it } from 'vitest';
import { amountEditText, amountText, maxAmountText, readAmountText } from './amount.ts';

describe('readAmountText (what an amount field takes)', () => {
  it.each([
    ['1234,5', 123450, '1.234,50 €'],
    ['1.234,56', 123456, '1.234,56 €'],
    ['1234.56', 123456, '1.234,56 €'],
    ['1234.5', 123450, '1.234,50 €'],
    ['1.234', 123400, '1.234,00 €'],
    ['777', 77700, '777,00 €'],
    ['-50', -5000, '-50,00 €'],
    ['+50', 5000, '50,00 €'],
    ['0', 0, '0,00 €'],
    ['999.999.999.999,99', 99999999999999, '999.999.999.999,99 €'],
  ])('%s -> %d cents, shown as %s', (text, value, shown) => {
    expect(readAmountText(text)).toEqual({ value, text: shown, invalid: false });
  });

  it('an empty field is no amount (null), not 0', () => {
    expect(readAmountText('   ')).toEqual({ value: null, text: '', invalid: false });
  });

  it.each(['1234.50,00', '12,345', '1,234.56', 'abc', '-', '1.2345', '12 a'])('keeps %j for correction with the message', (text) => {
    expect(readAmountText(text)).toEqual({ value: null, text, invalid: true });
  });

  it('refuses amounts beyond what can be stored with their own message', () => {
    expect(readAmountText('1.000.000.000.000')).toEqual({ value: null, text: '1.000.000.000.000', invalid: true, tooLarge: true });
    expect(readAmountText('-1000000000000,00').tooLarge).toBe(true);
    expect(maxAmountText).toBe('999.999.999.999,99 €');
  });

  it('shows plain digits while editing and the formatted amount otherwise', () => {
    expect(amountEditText(123450)).toBe('1234,50');
    expect(amountEditText(-123456789)).toBe('-1234567,89');
    expect(amountEditText(null)).toBe('');
    expect(amountText(null)).toBe('');
    expect(amountText(5)).toBe('0,05 €');
  });
});
