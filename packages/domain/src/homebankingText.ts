/**
 * Text in a SEPA bank file may only use the SEPA Latin character set (EPC guidelines, also the CBI
 * profile): a-z A-Z 0-9 / - ? : ( ) . , ' + and the space. Everything else is transliterated
 * (German umlauts and ß spelled out, accents dropped) or replaced, never sent as is.
 */

const SPELLED: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  '&': '+',
  '@': '(at)',
  '€': 'EUR',
  _: '-',
  '"': "'",
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  '–': '-',
  '—': '-',
  ';': ',',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  '\\': '/',
  '|': '/',
};

const SEPA_CHAR = /^[A-Za-z0-9/\-?:().,'+ ]$/;

/**
 * The text in the SEPA character set: umlauts and ß spelled out (ä → ae, ß → ss), accents dropped
 * (è → e), & → +, other characters outside the set a space; runs of spaces collapse, ends trimmed.
 */
export function toSepaText(text: string): string {
  let out = '';
  for (const ch of text) {
    const spelled = SPELLED[ch];
    if (spelled !== undefined) {
      out += spelled;
      continue;
    }
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += [...base].map((c) => (SEPA_CHAR.test(c) ? c : ' ')).join('');
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Is every character of the text in the SEPA Latin character set? */
export function isSepaText(text: string): boolean {
  return [...text].every((ch) => SEPA_CHAR.test(ch));
}

/** The text cut to at most `max` characters (trailing space dropped). */
export function cutText(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max).trimEnd();
}

/** A name or remittance for the file: SEPA characters, cut to `max` (70 for names, 140 for the remittance). */
export function sepaField(text: string, max: number): string {
  return cutText(toSepaText(text), max);
}
