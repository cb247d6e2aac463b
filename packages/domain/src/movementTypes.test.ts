import { describe, expect, it } from 'vitest';
import {
  checkMovementDates,
  effectiveDocumentDate,
  isTransferType,
  kindOfType,
  missingHeadFields,
  movementHeadFieldRules,
  MovementKindSchema,
  MovementType,
  movementTypeAllowed,
  movementTypeOptions,
  MovementTypeSchema,
  normalizeMovementHead,
  type FieldRule,
  type MovementHeadValues,
} from './movementTypes.ts';

const { Revenue, PaymentDone, PaymentOpen, TransferExpense, Wages, TransferRevenue } = MovementType;
const allTypes = [Revenue, PaymentDone, PaymentOpen, TransferExpense, Wages, TransferRevenue] as const;

describe('movement types', () => {
  it('has the codes of spec 3 §3', () => {
    expect(MovementType).toEqual({ Revenue: 0, PaymentDone: 1, PaymentOpen: 2, TransferExpense: 3, Wages: 4, TransferRevenue: 5 });
  });
  it.each([0, 1, 2, 3, 4, 5])('accepts %s', (type) => {
    expect(MovementTypeSchema.parse(type)).toBe(type);
  });
  it.each([-1, 6, 1.5, '1', null, undefined, Number.NaN])('refuses %s as InvalidValue', (type) => {
    const result = MovementTypeSchema.safeParse(type);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('InvalidValue');
  });
  it('knows the two kinds', () => {
    expect(MovementKindSchema.parse('revenues')).toBe('revenues');
    expect(MovementKindSchema.parse('expenses')).toBe('expenses');
    expect(MovementKindSchema.safeParse('Revenues').success).toBe(false);
    expect(MovementKindSchema.safeParse('').success).toBe(false);
  });
  it.each([
    [Revenue, 'revenues', false],
    [PaymentDone, 'expenses', false],
    [PaymentOpen, 'expenses', false],
    [TransferExpense, 'expenses', true],
    [Wages, 'expenses', false],
    [TransferRevenue, 'revenues', true],
  ] as const)('type %s is %s, transfer %s', (type, kind, transfer) => {
    expect(kindOfType(type)).toBe(kind);
    expect(isTransferType(type)).toBe(transfer);
  });
});

describe('movementTypeOptions (spec 3 §5, §6)', () => {
  it.each([
    ['revenues', false, false, [Revenue, TransferRevenue]],
    ['revenues', true, false, [Revenue, TransferRevenue]],
    ['revenues', false, true, [Revenue, TransferRevenue]],
    ['revenues', true, true, [Revenue, TransferRevenue]],
    ['expenses', false, false, [PaymentDone, TransferExpense]],
    ['expenses', true, false, [PaymentDone, PaymentOpen, TransferExpense]],
    ['expenses', false, true, [PaymentDone, TransferExpense, Wages]],
    ['expenses', true, true, [PaymentDone, PaymentOpen, TransferExpense, Wages]],
  ] as const)('%s with open payments %s and union %s', (kind, openPaymentsAllowed, isUnion, expected) => {
    expect(movementTypeOptions(kind, { openPaymentsAllowed, isUnion })).toEqual(expected);
  });
  it('offers only types of its own kind', () => {
    for (const kind of ['revenues', 'expenses'] as const) {
      for (const type of movementTypeOptions(kind, { openPaymentsAllowed: true, isUnion: true })) expect(kindOfType(type)).toBe(kind);
    }
  });
});

describe('movementTypeAllowed (spec 3 §6, DOMAIN decision 5)', () => {
  it('wages only for the union, open payments only where allowed, every other type always', () => {
    for (const type of [Revenue, PaymentDone, TransferExpense, TransferRevenue])
      expect(movementTypeAllowed(type, { openPaymentsAllowed: false, isUnion: false })).toBe(true);
    expect(movementTypeAllowed(Wages, { openPaymentsAllowed: true, isUnion: false })).toBe(false);
    expect(movementTypeAllowed(Wages, { openPaymentsAllowed: false, isUnion: true })).toBe(true);
    expect(movementTypeAllowed(PaymentOpen, { openPaymentsAllowed: false, isUnion: true })).toBe(false);
    expect(movementTypeAllowed(PaymentOpen, { openPaymentsAllowed: true, isUnion: false })).toBe(true);
  });
  it('is exactly what movementTypeOptions offers for the kind of the type', () => {
    for (const openPaymentsAllowed of [false, true])
      for (const isUnion of [false, true])
        for (const type of allTypes) {
          const ctx = { openPaymentsAllowed, isUnion };
          expect(movementTypeAllowed(type, ctx)).toBe(movementTypeOptions(kindOfType(type), ctx).includes(type));
        }
  });
});

describe('movementHeadFieldRules (spec 3 §5, DOMAIN.md decision 2)', () => {
  // documentNumber: "shown only for revenues and for non-transfer, non-wage expenses"
  // documentDate: required for PaymentDone and PaymentOpen; transfers and wages default to the record date; revenues optional
  // supplier: "shown only for expenses other than transfers and wages", "required only for open payments"
  // account: "required unless the type is a transfer"
  // template: "shown for expenses other than expense transfers"
  const table: [MovementType, FieldRule, FieldRule, FieldRule, FieldRule, FieldRule][] = [
    // type            documentNumber documentDate supplier    account     template
    [Revenue, 'optional', 'optional', 'hidden', 'required', 'hidden'],
    [PaymentDone, 'optional', 'required', 'optional', 'required', 'optional'],
    [PaymentOpen, 'optional', 'required', 'required', 'required', 'optional'],
    [TransferExpense, 'hidden', 'optional', 'hidden', 'hidden', 'hidden'],
    [Wages, 'hidden', 'optional', 'hidden', 'required', 'optional'],
    [TransferRevenue, 'optional', 'optional', 'hidden', 'hidden', 'hidden'],
  ];
  it.each(table)(
    'type %s: documentNumber %s, documentDate %s, supplier %s, account %s, template %s',
    (type, documentNumber, documentDate, supplier, account, template) => {
      expect(movementHeadFieldRules(type)).toEqual({ documentNumber, documentDate, supplier, account, template });
    },
  );
  it('hands out a copy', () => {
    const rules = movementHeadFieldRules(Revenue);
    rules.account = 'hidden';
    expect(movementHeadFieldRules(Revenue).account).toBe('required');
  });
});

describe('effectiveDocumentDate', () => {
  it.each([
    [Revenue, null, null],
    [Revenue, '', null],
    [Revenue, '2026-02-01', '2026-02-01'],
    [PaymentDone, null, null],
    [PaymentDone, '2025-12-20', '2025-12-20'],
    [PaymentOpen, null, null],
    [TransferExpense, null, '2026-03-10'],
    [TransferExpense, '2026-03-01', '2026-03-01'],
    [Wages, undefined, '2026-03-10'],
    [Wages, '2026-03-09', '2026-03-09'],
    [TransferRevenue, '', '2026-03-10'],
  ] as const)('type %s, typed %s -> %s', (type, typed, expected) => {
    expect(effectiveDocumentDate(type, typed, '2026-03-10')).toBe(expected);
  });
});

describe('missingHeadFields', () => {
  const empty: MovementHeadValues = { recordDate: '2026-03-10', documentNumber: '', documentDate: null, supplierId: null, accountId: null, templateCode: null };
  const full: MovementHeadValues = {
    recordDate: '2026-03-10',
    documentNumber: 'R-1',
    documentDate: '2026-03-01',
    supplierId: 7,
    accountId: 3,
    templateCode: 2,
  };
  it.each([
    [Revenue, ['accountId']],
    [PaymentDone, ['documentDate', 'accountId']],
    [PaymentOpen, ['documentDate', 'supplierId', 'accountId']],
    [TransferExpense, []],
    [Wages, ['accountId']],
    [TransferRevenue, []],
  ] as const)('type %s with an empty head misses %j', (type, expected) => {
    expect(missingHeadFields(type, empty)).toEqual(expected);
    expect(missingHeadFields(type, { recordDate: '2026-03-10' })).toEqual(expected);
  });
  it.each(allTypes)('type %s with a full head misses nothing', (type) => {
    expect(missingHeadFields(type, full)).toEqual([]);
  });
  it('counts blank text as empty', () => {
    expect(missingHeadFields(PaymentDone, { ...full, documentDate: '  ' })).toEqual(['documentDate']);
  });
});

describe('normalizeMovementHead', () => {
  const head = { recordDate: '2026-03-10', documentNumber: 'R-1', documentDate: null, supplierId: 7, accountId: 3, templateCode: 2, note: 'kept' };
  it.each([
    [Revenue, { documentNumber: 'R-1', documentDate: null, supplierId: null, accountId: 3, templateCode: null }],
    [PaymentDone, { documentNumber: 'R-1', documentDate: null, supplierId: 7, accountId: 3, templateCode: 2 }],
    [PaymentOpen, { documentNumber: 'R-1', documentDate: null, supplierId: 7, accountId: 3, templateCode: 2 }],
    [TransferExpense, { documentNumber: '', documentDate: '2026-03-10', supplierId: null, accountId: null, templateCode: null }],
    [Wages, { documentNumber: '', documentDate: '2026-03-10', supplierId: null, accountId: 3, templateCode: 2 }],
    [TransferRevenue, { documentNumber: 'R-1', documentDate: '2026-03-10', supplierId: null, accountId: null, templateCode: null }],
  ] as const)('type %s', (type, expected) => {
    expect(normalizeMovementHead(type, head)).toEqual({ ...head, ...expected });
  });
  it('keeps a typed document date and leaves the input alone', () => {
    const typed = { ...head, documentDate: '2026-03-01' };
    expect(normalizeMovementHead(Wages, typed).documentDate).toBe('2026-03-01');
    normalizeMovementHead(TransferExpense, head);
    expect(head.supplierId).toBe(7);
  });
  it('adds no hidden field that was not there', () => {
    expect(normalizeMovementHead(TransferExpense, { recordDate: '2026-03-10' })).toEqual({ recordDate: '2026-03-10', documentDate: '2026-03-10' });
  });
});

describe('checkMovementDates (DOMAIN.md decision 2)', () => {
  const base = { year: 2026, today: '2026-06-30', recordDate: '2026-03-10', documentDate: '2026-03-01' as string | null };
  it.each([
    ['inside the year', {}],
    ['on 1.1', { recordDate: '2026-01-01', documentDate: '2026-01-01' }],
    ['on 31.12 when today is later', { recordDate: '2026-12-31', today: '2027-01-15' }],
    ['on today', { recordDate: '2026-06-30' }],
    ['a document date of an earlier year', { documentDate: '2025-11-30' }],
    ['a document date on the record date', { documentDate: '2026-03-10' }],
    ['no document date', { documentDate: null }],
    ['paid dates inside the year, or open', { datePaid: ['2026-01-01', null, '2026-06-30'] }],
    ['a paid date before the document date', { datePaid: ['2026-02-01'] }],
  ])('accepts %s', (_, change) => {
    expect(checkMovementDates({ ...base, ...change })).toBeNull();
  });
  it.each([
    ['a record date after 31.12', { recordDate: '2027-01-01', today: '2027-02-01' }, 'DateAfter31.12', 'recordDate'],
    ['a record date after 31.12 and after today', { recordDate: '2027-01-01' }, 'DateAfter31.12', 'recordDate'],
    ['a record date before 1.1', { recordDate: '2025-12-31' }, 'InvalidDate', 'recordDate'],
    ['a record date after today', { recordDate: '2026-07-01' }, 'InvalidDate', 'recordDate'],
    ['a malformed record date', { recordDate: '2026-02-30' }, 'InvalidDate', 'recordDate'],
    ['a document date after the record date', { documentDate: '2026-03-11' }, 'DocumentDateAfterRecordDate', 'documentDate'],
    ['a malformed document date', { documentDate: '2026-13-01' }, 'InvalidDate', 'documentDate'],
    ['a paid date after today', { datePaid: [null, '2026-07-01'] }, 'InvalidDate', 'payments.1.datePaid'],
    ['a paid date before 1.1', { datePaid: ['2025-12-31'] }, 'InvalidDate', 'payments.0.datePaid'],
    ['a paid date after 31.12', { today: '2027-03-01', datePaid: ['2027-01-02'] }, 'DateAfter31.12', 'payments.0.datePaid'],
    ['the record date first', { recordDate: '2026-07-01', documentDate: '2026-08-01', datePaid: ['2025-01-01'] }, 'InvalidDate', 'recordDate'],
    ['the document date before a paid date', { documentDate: '2026-04-01', datePaid: ['2025-01-01'] }, 'DocumentDateAfterRecordDate', 'documentDate'],
  ])('refuses %s', (_, change, code, field) => {
    expect(checkMovementDates({ ...base, ...change })).toEqual({ code, field });
  });
});
