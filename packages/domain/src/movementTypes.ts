import { z } from 'zod';
import { isValidIsoDate } from './dates.ts';

/** Movement types (spec 3 §3): 0 revenue, 1 payment done, 2 open payment, 3 expense transfer, 4 wages, 5 revenue transfer. */
export const MovementType = { Revenue: 0, PaymentDone: 1, PaymentOpen: 2, TransferExpense: 3, Wages: 4, TransferRevenue: 5 } as const;
export type MovementType = (typeof MovementType)[keyof typeof MovementType];

/** A movement type on the wire: 0..5 only. */
export const MovementTypeSchema: z.ZodType<MovementType> = z.union(
  [z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)],
  'InvalidValue',
);

/** The two movement lists (routes movements/revenues and movements/expenses), each with its own record numbers. */
export type MovementKind = 'revenues' | 'expenses';
export const MovementKindSchema: z.ZodType<MovementKind> = z.enum(['revenues', 'expenses'], 'InvalidValue');

/** Revenues: 0 and 5; expenses: 1, 2, 3 and 4. */
export function kindOfType(type: MovementType): MovementKind {
  return type === MovementType.Revenue || type === MovementType.TransferRevenue ? 'revenues' : 'expenses';
}

/** Transfers between chapters (3 and 5): transfer positions instead of positions, no account, no payments. */
export function isTransferType(type: MovementType): boolean {
  return type === MovementType.TransferExpense || type === MovementType.TransferRevenue;
}

export interface MovementTypeContext {
  /** The department's openPaymentsAllowed setting. */
  openPaymentsAllowed: boolean;
  /** The department is the union (area 1): wages are offered. */
  isUnion: boolean;
}

/** spec 3 §5 type options: revenues [0,5]; expenses [1, 2 if openPaymentsAllowed, 3, 4 if isUnion]. */
export function movementTypeOptions(kind: MovementKind, ctx: MovementTypeContext): MovementType[] {
  if (kind === 'revenues') return [MovementType.Revenue, MovementType.TransferRevenue];
  const options: MovementType[] = [MovementType.PaymentDone];
  if (ctx.openPaymentsAllowed) options.push(MovementType.PaymentOpen);
  options.push(MovementType.TransferExpense);
  if (ctx.isUnion) options.push(MovementType.Wages);
  return options;
}

/**
 * May a movement of `type` be booked in this department (spec 3 §5/§6, DOMAIN decision 5)? Exactly the
 * types movementTypeOptions offers for its kind: wages only for the union, open payments only where
 * allowed; the server refuses any other with Forbidden, whoever calls.
 */
export function movementTypeAllowed(type: MovementType, ctx: MovementTypeContext): boolean {
  return movementTypeOptions(kindOfType(type), ctx).includes(type);
}

export type FieldRule = 'hidden' | 'optional' | 'required';

export interface MovementHeadFieldRules {
  documentNumber: FieldRule;
  documentDate: FieldRule;
  supplier: FieldRule;
  account: FieldRule;
  template: FieldRule;
}

const headFieldRules: Record<MovementType, MovementHeadFieldRules> = {
  [MovementType.Revenue]: { documentNumber: 'optional', documentDate: 'optional', supplier: 'hidden', account: 'required', template: 'hidden' },
  [MovementType.PaymentDone]: { documentNumber: 'optional', documentDate: 'required', supplier: 'optional', account: 'required', template: 'optional' },
  [MovementType.PaymentOpen]: { documentNumber: 'optional', documentDate: 'required', supplier: 'required', account: 'required', template: 'optional' },
  [MovementType.TransferExpense]: { documentNumber: 'hidden', documentDate: 'optional', supplier: 'hidden', account: 'hidden', template: 'hidden' },
  [MovementType.Wages]: { documentNumber: 'hidden', documentDate: 'optional', supplier: 'hidden', account: 'required', template: 'optional' },
  [MovementType.TransferRevenue]: { documentNumber: 'optional', documentDate: 'optional', supplier: 'hidden', account: 'hidden', template: 'hidden' },
};

/**
 * spec 3 §5 + DOMAIN.md decision 2: documentDate required for 1 and 2 (for transfers and wages it
 * defaults to the record date, see effectiveDocumentDate; revenues optional); supplier shown for 1,2
 * and required only for 2; account required unless 3 or 5 (hidden for 3 and 5); documentNumber shown
 * for revenues (0,5) and for 1,2; template shown for expenses other than 3. recordDate is always required.
 */
export function movementHeadFieldRules(type: MovementType): MovementHeadFieldRules {
  return { ...headFieldRules[type] };
}

/**
 * The document date to store (DOMAIN.md decision 2): the typed one when given; for transfers (3, 5)
 * and wages (4) an empty one becomes the record date; a revenue (0) keeps it empty. For 1 and 2 it is
 * required (movementHeadFieldRules), so an empty one stays null for the caller to refuse.
 */
export function effectiveDocumentDate(type: MovementType, documentDate: string | null | undefined, recordDate: string): string | null {
  if (documentDate) return documentDate;
  return isTransferType(type) || type === MovementType.Wages ? recordDate : null;
}

/** The head fields of a movement as the save input names them (MovementSaveInput). */
export interface MovementHeadValues {
  recordDate: string;
  documentNumber?: string | null;
  documentDate?: string | null;
  supplierId?: number | null;
  accountId?: number | null;
  templateCode?: number | string | null;
}

const headInputFields = {
  documentNumber: 'documentNumber',
  documentDate: 'documentDate',
  supplier: 'supplierId',
  account: 'accountId',
  template: 'templateCode',
} as const satisfies Record<keyof MovementHeadFieldRules, keyof MovementHeadValues>;
export type MovementHeadField = (typeof headInputFields)[keyof typeof headInputFields];

function isEmpty(value: string | number | null | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * The head as it is saved for `type`: hidden fields emptied (documentNumber '', the others null) and
 * the document date defaulted (effectiveDocumentDate). Other properties are kept.
 */
export function normalizeMovementHead<T extends MovementHeadValues>(type: MovementType, head: T): T {
  const rules = headFieldRules[type];
  const result: T = { ...head };
  for (const [rule, field] of Object.entries(headInputFields) as [keyof MovementHeadFieldRules, MovementHeadField][]) {
    if (rules[rule] !== 'hidden' || !(field in result)) continue;
    Object.assign(result, { [field]: field === 'documentNumber' ? '' : null });
  }
  if (rules.documentDate !== 'hidden') Object.assign(result, { documentDate: effectiveDocumentDate(type, head.documentDate, head.recordDate) });
  return result;
}

/**
 * The required head fields (movementHeadFieldRules) that are empty, as input field names in form
 * order; the document date of transfers and wages is never missing (it defaults to the record date).
 */
export function missingHeadFields(type: MovementType, head: MovementHeadValues): MovementHeadField[] {
  const rules = headFieldRules[type];
  return (Object.entries(headInputFields) as [keyof MovementHeadFieldRules, MovementHeadField][])
    .filter(([rule, field]) => rules[rule] === 'required' && isEmpty(head[field]))
    .map(([, field]) => field);
}

export type MovementDateError = { code: 'InvalidDate' | 'DateAfter31.12' | 'DocumentDateAfterRecordDate'; field: string };

/** A booking date of scope year `year` (record date, date paid): in 1.1–31.12 of the year and not after today. */
export function checkBookingDate(date: string, year: number, today: string, field: string): MovementDateError | null {
  if (!isValidIsoDate(date)) return { code: 'InvalidDate', field };
  if (date > `${String(year).padStart(4, '0')}-12-31`) return { code: 'DateAfter31.12', field };
  if (date < `${String(year).padStart(4, '0')}-01-01`) return { code: 'InvalidDate', field };
  if (date > today) return { code: 'InvalidDate', field };
  return null;
}

/**
 * Dates of a movement for scope year `year` and `today` (DOMAIN.md decision 2), checked in this order:
 * recordDate in 1.1–31.12 of the year ('DateAfter31.12' after it, 'InvalidDate' before it or after
 * today); documentDate (any earlier year allowed) not after recordDate ('DocumentDateAfterRecordDate');
 * each datePaid like the record date (field `payments.{i}.datePaid`). A malformed date is 'InvalidDate'.
 * Returns the first error or null.
 */
export function checkMovementDates(input: {
  year: number;
  today: string;
  recordDate: string;
  documentDate: string | null;
  datePaid?: (string | null)[];
}): MovementDateError | null {
  const { year, today } = input;
  const record = checkBookingDate(input.recordDate, year, today, 'recordDate');
  if (record) return record;
  if (input.documentDate !== null) {
    if (!isValidIsoDate(input.documentDate)) return { code: 'InvalidDate', field: 'documentDate' };
    if (input.documentDate > input.recordDate) return { code: 'DocumentDateAfterRecordDate', field: 'documentDate' };
  }
  for (const [i, paid] of (input.datePaid ?? []).entries()) {
    if (paid === null) continue;
    const error = checkBookingDate(paid, year, today, `payments.${i}.datePaid`);
    if (error) return error;
  }
  return null;
}
