import { describe, expect, it } from 'vitest';
import {
  formatIban,
  ibanCheckDigits,
  isValidIban,
  isValidSwift,
  italianCin,
  italianIban,
  normalizeIban,
  paddedAccountNumber,
  splitItalianIban,
} from './iban.ts';

/** Real published Italian IBANs: the standard example and two donation accounts printed by their holders. */
const realIbans = ['IT60X0542811101000000123456', 'IT57Z0306909606100000195309', 'IT70O0103065720000010012826'];

describe('Italian IBAN', () => {
  it.each(realIbans)('rebuilds %s from ABI, CAB and account number (CIN and check digits)', (iban) => {
    const parts = splitItalianIban(iban);
    expect(parts).not.toBeNull();
    if (!parts) return;
    expect(italianCin(parts.abi, parts.cab, parts.accountNumber)).toBe(parts.cin);
    expect(italianIban(parts.abi, parts.cab, parts.accountNumber)?.iban).toBe(iban);
    expect(isValidIban(iban)).toBe(true);
  });

  it('pads the account number to 12 with zeros and upper-cases it', () => {
    expect(paddedAccountNumber('123456')).toBe('000000123456');
    expect(paddedAccountNumber(' cc 12a ')).toBe('0000000CC12A');
    expect(paddedAccountNumber('1234567890123')).toBeNull();
    expect(paddedAccountNumber('12-34')).toBeNull();
    expect(italianIban('05428', '11101', '123456')).toEqual({
      cin: 'X',
      abi: '05428',
      cab: '11101',
      accountNumber: '000000123456',
      bban: 'X0542811101000000123456',
      iban: 'IT60X0542811101000000123456',
    });
  });

  it('computes the CIN of letters in the account number with the odd/even tables', () => {
    // A in an odd position counts 1, like 0; B counts 0, like 1: the letters shadow the digits
    expect(italianCin('05428', '11101', '0000A0123456')).toBe(italianCin('05428', '11101', '000000123456'));
    expect(italianCin('05428', '11101', 'B00000123456')).toBe(italianCin('05428', '11101', '100000123456'));
  });

  it('refuses malformed ABI or CAB', () => {
    expect(italianIban('5428', '11101', '123456')).toBeNull();
    expect(italianIban('05428', '1110A', '123456')).toBeNull();
    expect(italianIban('05428', '11101', '')).toBeNull();
  });

  it('computes ISO 13616 check digits', () => {
    expect(ibanCheckDigits('IT', 'X0542811101000000123456')).toBe('60');
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
  });

  it('rejects a wrong IBAN: changed check digits, changed CIN, changed digit, wrong length', () => {
    expect(isValidIban('IT61X0542811101000000123456')).toBe(false);
    // check digits recomputed for a wrong CIN: mod 97 holds, the CIN does not
    const wrongCin = `IT${ibanCheckDigits('IT', 'Y0542811101000000123456')}Y0542811101000000123456`;
    expect(isValidIban(wrongCin)).toBe(false);
    expect(isValidIban('IT60X0542811101000000123457')).toBe(false);
    expect(isValidIban('IT60X054281110100000012345')).toBe(false);
  });

  it('accepts IBANs written in groups and foreign IBANs', () => {
    expect(normalizeIban('it60 x054 2811 1010 0000 0123 456')).toBe('IT60X0542811101000000123456');
    expect(isValidIban('IT60 X054 2811 1010 0000 0123 456')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('AT611904300234573201')).toBe(true);
  });

  it('shows IBANs in groups of four, whatever spacing was typed', () => {
    expect(formatIban('IT60X0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(formatIban(' it60 x0542811101 000000123456 ')).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('AT611904300234573201')).toBe('AT61 1904 3002 3457 3201');
    expect(formatIban('')).toBe('');
    expect(formatIban('IT60')).toBe('IT60');
    expect(formatIban('IT60-X054')).toBe('IT60-X054');
    // round trip: the grouped form normalizes back to what is stored
    expect(normalizeIban(formatIban('IT60X0542811101000000123456'))).toBe('IT60X0542811101000000123456');
  });

  it('checks BIC codes', () => {
    expect(isValidSwift('RZSBIT21')).toBe(true);
    expect(isValidSwift('CRBZIT2B')).toBe(true);
    expect(isValidSwift('BPAAIT2B')).toBe(true);
    expect(isValidSwift('RZSBIT21XXX')).toBe(true);
    expect(isValidSwift('RZSB21')).toBe(false);
  });
});
