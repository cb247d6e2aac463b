import { formatDate, parseDateInput } from '@app/domain';

/** Reads a typed date (DD.MM.YYYY or DD.MM.YY) on blur: `YYYY-MM-DD`, the text to show, or invalid. */
export function readDateText(text: string): { value: string | null; text: string; invalid: boolean } {
  if (text.trim() === '') return { value: null, text: '', invalid: false };
  const iso = parseDateInput(text);
  if (iso === null) return { value: null, text, invalid: true };
  return { value: iso, text: formatDate(iso), invalid: false };
}

export { formatDate };
