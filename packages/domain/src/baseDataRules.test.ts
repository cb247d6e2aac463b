import { describe, expect, it } from 'vitest';
import { AccountInput } from './accounts.ts';
import { BankInput, bankImportColumn, checkBankImportRow } from './banks.ts';
import { DepartmentInput, newDepartment } from './departments.ts';
import { completeBankInfo, SupplierInput, SupplierSearchInput } from './suppliers.ts';

function issuePaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return result.success ? [] : [...new Set((result.error?.issues ?? []).map((i) => i.path.map(String).join('.')))];
}

const department = {
  code: '1AB',
  name1Deu: 'Freiwillige Feuerwehr',
  name2Deu: 'Kardaun',
  name1Ita: 'Vigili del Fuoco Volontari',
  name2Ita: 'Cardano',
};

describe('department rules', () => {
  it('accepts a minimal department and fills the defaults', () => {
    const parsed = DepartmentInput.parse(department);
    expect(parsed).toMatchObject({ code: '1AB', province: '', openPaymentsAllowed: false, commander: { name: '', email: '' } });
  });

  it('starts a new department with the spec defaults', () => {
    expect(newDepartment()).toMatchObject({ name1Deu: 'Freiwillige Feuerwehr', province: 'BZ', openPaymentsAllowed: false, id: null });
  });

  it.each([
    ['code', { code: '1a' }],
    ['code', { code: '1ab' }],
    ['name2Ita', { name2Ita: '' }],
    ['name1Deu', { name1Deu: 'x'.repeat(41) }],
    ['province', { province: 'BZX' }],
    ['identifier', { identifier: '1234567890123' }],
    ['identifier', { identifier: '1234567890123A' }],
    ['registration', { registration: 'r'.repeat(31) }],
    ['siaNumber', { openPaymentsAllowed: true, siaNumber: '' }],
    ['commander.email', { commander: { name: 'Max', email: 'kein-mail' } }],
  ])('names the field %s', (field, change) => {
    expect(issuePaths(DepartmentInput.safeParse({ ...department, ...change }))).toEqual([field]);
  });

  it('accepts a 14-digit identifier and a SIA number with open payments', () => {
    expect(DepartmentInput.safeParse({ ...department, identifier: '00123456789012', openPaymentsAllowed: true, siaNumber: 'A1B2C' }).success).toBe(true);
  });
});

const supplier = { code: 4711, searchKey: 'elektro', name1: 'Elektro Pichler KG' };

describe('supplier rules', () => {
  it('upper-cases the search key and defaults the rest', () => {
    expect(SupplierInput.parse(supplier)).toMatchObject({ searchKey: 'ELEKTRO', paymentTerm: 30, language: 'de', isInactive: false });
  });

  it.each([
    ['code', { code: 1_000_000 }],
    ['code', { code: 12.5 }],
    ['searchKey', { searchKey: '' }],
    ['searchKey', { searchKey: 's'.repeat(31) }],
    ['vatCode', { vatCode: '1234567890123' }],
    ['taxCode', { taxCode: 'X'.repeat(17) }],
    ['email', { email: 'e'.repeat(45) + '@x.it' + 'x' }],
    ['internet', { internet: 'w'.repeat(51) }],
    ['isoCode', { isoCode: 'ITA' }],
    ['bankInfo.iban', { bankInfo: { iban: 'IT61X0542811101000000123456' } }],
    ['bankInfo.swift', { bankInfo: { swift: 'RZSB' } }],
    ['bankInfo.accountNumber', { bankInfo: { accountNumber: '1'.repeat(21) } }],
    ['chapterProposal', { chapterProposal: '2100' }],
  ])('names the field %s', (field, change) => {
    expect(issuePaths(SupplierInput.safeParse({ ...supplier, ...change }))).toEqual([field]);
  });

  it('generates CIN and IBAN from bank key and account number', () => {
    const info = SupplierInput.parse({ ...supplier, bankInfo: { bankKey: '0542811101', accountNumber: '123456' } }).bankInfo;
    expect(completeBankInfo(info)).toMatchObject({ cin: 'X', accountNumber: '000000123456', iban: 'IT60X0542811101000000123456' });
  });

  it('takes bank key, CIN and account number from a given Italian IBAN', () => {
    const info = SupplierInput.parse({ ...supplier, bankInfo: { iban: 'it57 z030 6909 6061 0000 0195 309' } }).bankInfo;
    expect(completeBankInfo(info)).toMatchObject({ iban: 'IT57Z0306909606100000195309', bankKey: '0306909606', cin: 'Z', accountNumber: '100000195309' });
  });

  it('cannot generate an IBAN without a full bank key', () => {
    const info = SupplierInput.parse({ ...supplier, bankInfo: { bankKey: '05428', accountNumber: '123456' } }).bankInfo;
    expect(completeBankInfo(info)).toBeNull();
  });

  it('needs 3 characters for a text search, any length for a code', () => {
    expect(SupplierSearchInput.safeParse({ departmentId: 1, search: 'el' }).success).toBe(false);
    expect(SupplierSearchInput.safeParse({ departmentId: 1, search: 'ele' }).success).toBe(true);
    expect(SupplierSearchInput.safeParse({ departmentId: 1, search: '4' }).success).toBe(true);
  });
});

describe('account rules', () => {
  const account = { code: 'k1', descriptionDeu: 'Kassa', descriptionIta: 'Cassa', type: 1 };
  it('upper-cases the code', () => {
    expect(AccountInput.parse(account)).toMatchObject({ code: 'K1', inactive: false, notes: '' });
  });
  it.each([
    ['code', { code: '1234567' }],
    ['code', { code: '' }],
    ['descriptionIta', { descriptionIta: '' }],
    ['descriptionDeu', { descriptionDeu: 'd'.repeat(51) }],
    ['type', { type: 4 }],
    ['notes', { notes: 'n'.repeat(201) }],
    ['bankInfo.iban', { bankInfo: { iban: 'IT60X0542811101000000123457' } }],
  ])('names the field %s', (field, change) => {
    expect(issuePaths(AccountInput.safeParse({ ...account, ...change }))).toEqual([field]);
  });
});

describe('bank rules', () => {
  it('derives the key of an Italian bank from ABI and CAB', () => {
    expect(BankInput.parse({ name1: 'Südtiroler Sparkasse', abi: '06045', cab: '11601' }).key).toBe('0604511601');
  });
  it('needs ABI and CAB for an Italian bank and a key for a foreign one', () => {
    expect(issuePaths(BankInput.safeParse({ name1: 'X', abi: '0604', cab: '11601' }))).toEqual(['abi']);
    expect(issuePaths(BankInput.safeParse({ name1: 'X', isForeign: true }))).toEqual(['key']);
    expect(BankInput.parse({ name1: 'Raiffeisen Landesbank Tirol', isForeign: true, key: 'RZTIAT22' }).key).toBe('RZTIAT22');
  });
  it('maps import headers in both languages', () => {
    expect(bankImportColumn('ABI')).toBe('abi');
    expect(bankImportColumn('Località')).toBe('location');
    expect(bankImportColumn('BIC/SWIFT')).toBe('swift');
    expect(bankImportColumn('postal_code')).toBe('postalCode');
    expect(bankImportColumn('foo')).toBeNull();
  });
  it('gives a reason for each bad import row', () => {
    const row = {
      abi: '06045',
      cab: '11601',
      name1: 'Südtiroler Sparkasse',
      name2: '',
      street: '',
      postalCode: '',
      location: '',
      province: '',
      swift: 'CRBZIT2B',
    };
    expect(checkBankImportRow(row)).toBeNull();
    expect(checkBankImportRow({ ...row, abi: '' })?.reason).toBe('AbiMissing');
    expect(checkBankImportRow({ ...row, abi: '6045' })?.reason).toBe('AbiInvalid');
    expect(checkBankImportRow({ ...row, cab: 'x1601' })?.reason).toBe('CabInvalid');
    expect(checkBankImportRow({ ...row, name1: '' })?.reason).toBe('NameMissing');
    expect(checkBankImportRow({ ...row, province: 'BZZ' })).toEqual({ reason: 'TooLong', field: 'province' });
    expect(checkBankImportRow({ ...row, swift: 'CRB' })?.reason).toBe('SwiftInvalid');
  });
});
