import { formatAmount, parseAmount } from '@app/domain';

/** What an amount field shows for a value: `1.234,50 €`, or empty for null. */
export function amountText(cents: number | null): string {
  return cents === null ? '' : formatAmount(cents);
}

/** What an amount field shows while editing: `1234,50` (no thousands dots, no euro sign). */
export function amountEditText(cents: number | null): string {
  if (cents === null) return '';
  return formatAmount(cents, { withCurrency: false }).replace(/\./g, '');
}

/**
 * Reads a typed amount on blur: the value in cents and the text to show, or an error when the text
 * is not an amount (the typed text stays so it can be corrected).
 */
export function readAmountText(text: string): { value: number | null; text: string; invalid: boolean } {
  if (text.trim() === '') return { value: null, text: '', invalid: false };
  const cents = parseAmount(text);
  if (cents === null) return { value: null, text, invalid: true };
  return { value: cents, text: formatAmount(cents), invalid: false };
}
