/** The account transfer form's values and its own checks before sending (the server checks every rule again). */
import { type AccountTransfer, checkMovementDates, type ErrorCode, offeredRecordDate } from '@app/domain';

export interface Values extends Record<string, unknown> {
  recordDate: string | null;
  note: string;
  accountIdFrom: number | null;
  accountIdTo: number | null;
  amount: number | null;
}

export type Field = 'recordDate' | 'note' | 'accountIdFrom' | 'accountIdTo' | 'amount';

/** What the form edits: a new transfer (today in the scope year) or a saved one. */
export interface Source {
  key: string;
  transfer: AccountTransfer | null;
  recordDate: string | null;
}

/** Today as record date of a new transfer, clamped to the scope year (31.12 of a past year). */
export function newSource(year: number, today: string): Source {
  const recordDate = offeredRecordDate(year, today);
  return { key: `new-${Date.now()}`, transfer: null, recordDate };
}

export const toValues = (s: Source): Values =>
  s.transfer
    ? {
        recordDate: s.transfer.recordDate,
        note: s.transfer.note,
        accountIdFrom: s.transfer.accountFrom.id,
        accountIdTo: s.transfer.accountTo.id,
        amount: s.transfer.amount,
      }
    : { recordDate: s.recordDate, note: '', accountIdFrom: null, accountIdTo: null, amount: null };

export const compare = (v: Values) => [v.recordDate, v.note.trim(), v.accountIdFrom, v.accountIdTo, v.amount];

/** The form's own problems before sending (the server checks them again): first per field. */
export type Problems = Partial<Record<Field, 'required' | 'same' | 'notPositive' | 'date'>> & { dateCode?: ErrorCode };
export function problemsOf(v: Values, year: number, today: string): Problems {
  const out: Problems = {};
  if (!v.recordDate) out.recordDate = 'required';
  else {
    const date = checkMovementDates({ year, today, recordDate: v.recordDate, documentDate: null });
    if (date) {
      out.recordDate = 'date';
      out.dateCode = date.code;
    }
  }
  if (v.accountIdFrom === null) out.accountIdFrom = 'required';
  if (v.accountIdTo === null) out.accountIdTo = 'required';
  else if (v.accountIdTo === v.accountIdFrom) out.accountIdTo = 'same';
  if (v.amount === null) out.amount = 'required';
  else if (v.amount <= 0) out.amount = 'notPositive';
  return out;
}
