import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** Italian bank coordinates: ABI (bank) and CAB (branch) have 5 digits, the account number is padded to 12. */
export const ITALIAN_ACCOUNT_LENGTH = 12;
export const ABI_CAB = /^[0-9]{5}$/;

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/**
 * Values of the official CIN table for characters in odd positions (1st, 3rd, ...), indexed by the
 * character's value (digits 0-9 and letters A-Z share the values 0-25: '0' = 'A', '1' = 'B', ...).
 */
const CIN_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** The value 0-25 of a character of the CIN computation: digits 0-9, letters A-Z 0-25. */
function cinValue(ch: string): number {
  const i = ALNUM.indexOf(ch);
  if (i < 0) throw new RangeError(`invalid character ${ch}`);
  return i < 10 ? i : i - 10;
}

/** The account number as it goes into the BBAN: upper case, left-padded with zeros to 12 characters; null when it does not fit. */
export function paddedAccountNumber(accountNumber: string): string | null {
  const value = accountNumber.replace(/\s+/g, '').toUpperCase();
  if (value.length === 0 || value.length > ITALIAN_ACCOUNT_LENGTH || !/^[0-9A-Z]+$/.test(value)) return null;
  return value.padStart(ITALIAN_ACCOUNT_LENGTH, '0');
}

/**
 * The Italian CIN check character of ABI + CAB + account number (22 characters): odd positions
 * through the odd table, even positions by their plain value, the sum modulo 26 as a letter.
 */
export function italianCin(abi: string, cab: string, accountNumber: string): string | null {
  const account = paddedAccountNumber(accountNumber);
  if (!ABI_CAB.test(abi) || !ABI_CAB.test(cab) || account === null) return null;
  const text = `${abi}${cab}${account}`;
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const v = cinValue(text.charAt(i));
    sum += i % 2 === 0 ? (CIN_ODD[v] ?? 0) : v;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** ISO 7064 MOD 97-10 remainder of an alphanumeric string (letters A=10 ... Z=35), computed piecewise. */
function mod97(text: string): number {
  let rest = 0;
  for (const ch of text) {
    const v = ALNUM.indexOf(ch);
    if (v < 0) throw new RangeError(`invalid character ${ch}`);
    rest = v < 10 ? (rest * 10 + v) % 97 : (rest * 100 + v) % 97;
  }
  return rest;
}

/** The two IBAN check digits (ISO 13616) for a country and a BBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  const check = 98 - mod97(`${bban}${country}00`.toUpperCase());
  return String(check).padStart(2, '0');
}

export interface ItalianIban {
  cin: string;
  abi: string;
  cab: string;
  /** Padded to 12 characters. */
  accountNumber: string;
  bban: string;
  iban: string;
}

/**
 * Builds the Italian IBAN from ABI, CAB and account number: BBAN = CIN + ABI + CAB + account number
 * padded to 12, then country IT and the check digits. Null when a part is missing or malformed.
 */
export function italianIban(abi: string, cab: string, accountNumber: string): ItalianIban | null {
  const cin = italianCin(abi, cab, accountNumber);
  const account = paddedAccountNumber(accountNumber);
  if (cin === null || account === null) return null;
  const bban = `${cin}${abi}${cab}${account}`;
  return { cin, abi, cab, accountNumber: account, bban, iban: `IT${ibanCheckDigits('IT', bban)}${bban}` };
}

/** The IBAN in electronic format (no spaces, upper case), or the trimmed input when it is not one. */
export function normalizeIban(iban: string): string {
  return electronicFormatIBAN(iban) ?? iban.trim();
}

/**
 * The IBAN for reading: electronic format (upper case, no spaces) in groups of four characters,
 * `IT60 X054 2811 1010 0000 0123 456`. Shown on screens and printed; stored and sent without spaces
 * (normalizeIban). Text that is not made of letters and digits is returned trimmed, unchanged.
 */
export function formatIban(iban: string): string {
  const value = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[0-9A-Z]*$/.test(value)) return iban.trim();
  return value.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Splits an Italian IBAN into its parts (without checking it). */
export function splitItalianIban(iban: string): { cin: string; abi: string; cab: string; accountNumber: string } | null {
  const value = normalizeIban(iban);
  if (!/^IT[0-9]{2}[A-Z][0-9]{10}[0-9A-Z]{12}$/.test(value)) return null;
  return { cin: value.charAt(4), abi: value.slice(5, 10), cab: value.slice(10, 15), accountNumber: value.slice(15) };
}

/**
 * Is the IBAN valid: country format and ISO 13616 check digits (ibantools), and for Italy the CIN
 * check character as well (ibantools does not check it).
 */
export function isValidIban(iban: string): boolean {
  const value = normalizeIban(iban);
  if (!isValidIBAN(value)) return false;
  if (!value.startsWith('IT') && !value.startsWith('SM')) return true;
  const parts = splitItalianIban(`IT${value.slice(2)}`);
  return parts !== null && italianCin(parts.abi, parts.cab, parts.accountNumber) === parts.cin;
}

/** Is the BIC (SWIFT code) well formed: 8 or 11 characters, bank, country, location, branch. */
export function isValidSwift(swift: string): boolean {
  return isValidBIC(swift.trim().toUpperCase());
}
