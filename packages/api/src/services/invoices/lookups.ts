/**
 * What the invoice draft reads of the department (issue 28): the supplier by VAT number or tax code, the
 * chart's chapters, the default account, open payments allowed, a booked duplicate, the bill a credit note
 * names. Reads only.
 */
import { type Db, execRows, toBool } from '@app/db';
import { AppError, type Invoice } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { BookingScope } from '../ledger/bookingScope.ts';

/** A VAT number as compared: the digits and letters, upper case, without a leading country code. */
export function vatKey(country: string, code: string): string {
  const clean = code.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const prefix = country.toUpperCase();
  return prefix && clean.startsWith(prefix) && clean.length > prefix.length + 8 ? clean.slice(prefix.length) : clean;
}

export interface FoundSupplier {
  id: number;
  code: number;
  name1: string;
  name2: string;
  chapterProposal: string;
  paymentTerm: number;
  iban: string;
  by: 'vatCode' | 'taxCode';
}

/** The department's supplier with the invoice supplier's VAT number, else with its tax code (active ones first, then the lowest code). */
export async function findSupplier(db: Db, departmentId: number, party: Invoice['supplier']): Promise<FoundSupplier | null> {
  const vat = vatKey(party.vatCountry, party.vatCode);
  const tax = party.taxCode.replace(/\s+/g, '').toUpperCase();
  for (const [by, value, column] of [
    ['vatCode', vat, sql`upper(regexp_replace(vat_code, '[^0-9A-Za-z]', '', 'g'))`],
    ['taxCode', tax, sql`upper(regexp_replace(tax_code, '\\s', '', 'g'))`],
  ] as const) {
    if (value === '') continue;
    const candidates = by === 'vatCode' ? [value, `${party.vatCountry.toUpperCase()}${value}`] : [value];
    const [row] = await execRows<{ id: number; code: number; name1: string; name2: string; chapter_proposal: string; payment_term: number; iban: string }>(
      db,
      sql`select id, code, name1, name2, chapter_proposal, payment_term, iban from suppliers
          where department_id = ${departmentId} and ${column} in (${sql.join(
            candidates.map((c) => sql`${c}`),
            sql`, `,
          )})
          order by is_inactive, code limit 1`,
    );
    if (row)
      return {
        id: row.id,
        code: row.code,
        name1: row.name1,
        name2: row.name2,
        chapterProposal: row.chapter_proposal,
        paymentTerm: row.payment_term,
        iban: row.iban,
        by,
      };
  }
  return null;
}

export interface DepartmentFacts {
  openPaymentsAllowed: boolean;
  accountId: number | null;
  nextSupplierCode: number;
}

/** Open payments allowed, the first active account by code (the movement screen's default), the next free supplier code. */
export async function departmentFacts(db: Db, departmentId: number): Promise<DepartmentFacts> {
  const [row] = await execRows<{ open: boolean | string; account: number | null; next: number | string }>(
    db,
    sql`select d.open_payments_allowed as open,
          (select a.id from accounts a where a.department_id = d.id and not a.inactive order by a.code limit 1) as account,
          (select coalesce(max(s.code), 0) + 1 from suppliers s where s.department_id = d.id) as next
        from departments d where d.id = ${departmentId}`,
  );
  if (!row) throw new AppError('NotFound', { field: 'departmentId' });
  return { openPaymentsAllowed: toBool(row.open), accountId: row.account ?? null, nextSupplierCode: Math.min(Number(row.next), 999_999) };
}

/** A chapter of the scope's chart (not an empty chapter) by code: its part, or null when there is none. */
export async function chapterPart(db: Db, scope: Pick<BookingScope, 'area' | 'year'>, code: string): Promise<number | null> {
  if (!/^[0-9A-Z]{5}$/.test(code)) return null;
  const [row] = await execRows<{ part: number }>(
    db,
    sql`select part from chapters where area = ${scope.area} and year = ${scope.year} and chapter = ${code} and not empty_chapter`,
  );
  return row ? Number(row.part) : null;
}

/** The scope's title-3 revenue chapter named for VAT (IVA, MwSt, Mehrwertsteuer), or null. */
export async function vatChapter(db: Db, scope: Pick<BookingScope, 'area' | 'year'>): Promise<string | null> {
  const [row] = await execRows<{ chapter: string }>(
    db,
    sql`select chapter from chapters where area = ${scope.area} and year = ${scope.year} and part = 1 and title = 3 and not empty_chapter
          and (description_ita ~* '\\miva\\M|split' or description_deu ~* 'mwst|mehrwertsteuer')
        order by chapter limit 1`,
  );
  return row?.chapter ?? null;
}

/** A booked record of the department (any year): its kind, year and number. */
export interface BookedRecord {
  kind: string;
  year: number;
  recordNumber: number;
  chapter: string | null;
}

/**
 * The movement already booked for the invoice: an expense of the same supplier with the same document number
 * and date (a credit note, booked as a revenue without a supplier: a revenue with the same number and date). Not
 * counting cancelled records.
 */
export async function bookedDuplicate(db: Db, departmentId: number, supplierId: number | null, invoice: Invoice): Promise<BookedRecord | null> {
  const revenue = invoice.documentType === 'TD04';
  if (!revenue && supplierId === null) return null;
  const [row] = await execRows<{ kind: string; year: number; record_number: number }>(
    db,
    sql`select kind, year, record_number from movements
        where department_id = ${departmentId} and not cancelled and document_number = ${invoice.number} and document_date = ${invoice.date}
          and ${revenue ? sql`kind = 'revenues'` : sql`kind = 'expenses' and supplier_id = ${supplierId}`}
        order by year, record_number limit 1`,
  );
  return row ? { kind: row.kind, year: Number(row.year), recordNumber: Number(row.record_number), chapter: null } : null;
}

/** The expense of the supplier a credit note names (its number, and date when given), with its first position's chapter. */
export async function namedBill(db: Db, departmentId: number, supplierId: number | null, number: string, date: string | null): Promise<BookedRecord | null> {
  if (supplierId === null || number === '') return null;
  const [row] = await execRows<{ year: number; record_number: number; chapter: string | null }>(
    db,
    sql`select m.year, m.record_number,
          (select c.chapter from movement_positions p join chapter_budgets b on b.id = p.chapter_budget_id join chapters c on c.id = b.chapter_id
            where p.movement_id = m.id order by p.sort, p.id limit 1) as chapter
        from movements m
        where m.department_id = ${departmentId} and m.kind = 'expenses' and not m.cancelled and m.supplier_id = ${supplierId}
          and m.document_number = ${number} ${date ? sql`and m.document_date = ${date}` : sql``}
        order by m.year desc, m.record_number desc limit 1`,
  );
  return row ? { kind: 'expenses', year: Number(row.year), recordNumber: Number(row.record_number), chapter: row.chapter } : null;
}
