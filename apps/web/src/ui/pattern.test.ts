import { BankInput, DepartmentInput, SupplierInput } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { type FieldProblem, formErrors } from './formErrors.ts';
import { cleanFilters, masterListInput, masterSearch, filterText, sameFilters } from './listState.ts';
import { changesSearchKey } from './unsaved.ts';

const plain = (p: FieldProblem) => (p.kind === 'tooLong' ? `max ${p.max}` : p.kind === 'tooShort' ? `min ${p.min}` : p.kind);

describe('formErrors with the domain schemas', () => {
  it('required, too long and invalid, keyed by path', () => {
    const errors = formErrors(SupplierInput, { code: '', searchKey: 'X'.repeat(31), name1: '', bankInfo: { iban: 'IT00X' } }, plain);
    expect(errors['code']).toBe('required');
    expect(errors['searchKey']).toBe('max 30');
    expect(errors['name1']).toBe('required');
    expect(errors['bankInfo.iban']).toBe('invalid');
  });
  it('cross-field rules: siaNumber required when open payments are on', () => {
    const base = { code: '203', name1Deu: 'A', name2Deu: 'B', name1Ita: 'C', name2Ita: 'D', openPaymentsAllowed: true, siaNumber: '' };
    expect(formErrors(DepartmentInput, base, plain)).toEqual({ siaNumber: 'required' });
    expect(formErrors(DepartmentInput, { ...base, siaNumber: 'A1' }, plain)).toEqual({});
    expect(formErrors(DepartmentInput, { ...base, siaNumber: 'A1', identifier: '123' }, plain)).toEqual({ identifier: 'invalid' });
  });
  it('transform issues of the bank form land on abi and cab', () => {
    expect(formErrors(BankInput, { name1: 'X', abi: '', cab: '58290' }, plain)).toEqual({ abi: 'required' });
    expect(formErrors(BankInput, { name1: 'X', abi: '08133', cab: '1' }, plain)).toEqual({ cab: 'invalid' });
  });
});

describe('list state in the URL', () => {
  const schema = masterSearch({ code: filterText, name: filterText });
  it('parses editor id, paging and filters; bad values fall away', () => {
    expect(schema.parse({ id: 12, page: 2, size: 15, code: 101 })).toEqual({ id: 12, page: 2, size: 15, code: '101' });
    expect(schema.parse({ id: 'new' })).toMatchObject({ id: 'new' });
    expect(schema.parse({ id: 'x', page: 0, size: 11 })).toEqual({ id: undefined, page: undefined, size: undefined });
  });
  it('cleans empty filters', () => {
    expect(cleanFilters({ code: ' 10 ', name: '' })).toEqual({ code: '10' });
    expect(sameFilters({ code: '10', name: '' }, { code: '10' })).toBe(true);
  });
  it('the list query input (route loaderDeps and useMasterList): filters in effect, page 1 and size 10 by default, no editor id', () => {
    expect(masterListInput(schema.parse({ id: 12, code: 101, name: '' }), ['code', 'name'])).toEqual({ filters: { code: '101' }, page: 1, pageSize: 10 });
    expect(masterListInput(schema.parse({ page: 3, size: 20, name: ' lei ' }), ['code', 'name'])).toEqual({ filters: { name: 'lei' }, page: 3, pageSize: 20 });
  });
});

describe('scope changes', () => {
  it('leaving the editor through ?id warns', () => {
    expect(changesSearchKey({ id: 12, page: 2 }, { page: 2 }, ['id'])).toBe(true);
    expect(changesSearchKey({ id: 12 }, { id: 12, page: 3 }, ['id'])).toBe(false);
  });
});
