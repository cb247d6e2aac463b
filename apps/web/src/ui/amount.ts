import { formatAmount, MAX_CENTS, parseAmount } from '@app/domain';

/** What an amount field shows for a value: `1.234,50 €`, or empty for null. */
export function amountText(cents: number | null): string {
  return cents === null ? '' : formatAmount(cents);
}

/** What an amount field shows while editing: `1234,50` (no thousands dots, no euro sign). */
export function amountEditText(cents: number | null): string {
  if (cents === null) return '';
  return formatAmount(cents, { withCurrency: false }).replace(/\./g, '');
}

/** The largest amount a field takes, as the message shows it. */
export const maxAmountText = formatAmount(MAX_CENTS);

/**
 * Reads a typed amount (`1234,5`, `1.234,56`, `1234.56`, `-50`, `+50`): the value in cents and the
 * text to show after leaving the field, or invalid when the text is not an amount (the typed text
 * stays so it can be corrected); `tooLarge` when it is an amount beyond what can be stored.
 */
export function readAmountText(text: string): { value: number | null; text: string; invalid: boolean; tooLarge?: true } {
  if (text.trim() === '') return { value: null, text: '', invalid: false };
  const cents = parseAmount(text);
  if (cents === null) return { value: null, text, invalid: true };
  if (Math.abs(cents) > MAX_CENTS) return { value: null, text, invalid: true, tooLarge: true };
  return { value: cents, text: formatAmount(cents), invalid: false };
}
