/** Caret arithmetic of IbanInput: the IBAN is shown in groups of four, the form keeps it without spaces. */

/** The position in the grouped text after `count` characters of the IBAN (before a group's space). */
export function groupedCaret(count: number): number {
  return count + Math.max(0, Math.floor((count - 1) / 4));
}

/** How many IBAN characters (not spaces) come before `position` of a text. */
export function charsBefore(text: string, position: number): number {
  return text.slice(0, position).replace(/\s+/g, '').length;
}
