/**
 * invoices.book (issue 28, DOMAIN decision 28): the draft the cashier reviewed, saved in one transaction —
 * the proposed supplier created (when sent), the movement and its companion transfer saved by the movement
 * save (every rule of it), the invoice file attached to the movement as its receipt by the documents service.
 * The file is read and checked again and the duplicate looked for again (under a lock on the invoice's key),
 * so the same invoice is never booked twice, not even by two cashiers at once. Anything refused rolls all back.
 *
 * The movement save, the documents and the suppliers are other services: the router hands them in (an area
 * imports no other area).
 */
import { type Db, execRows } from '@app/db';
import { AppError, type DocumentInfo, type InvoiceBook, type InvoiceBookResult, type Movement, type MovementSave, type SupplierInput } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { refuseDuplicate } from './draft.ts';
import { readInvoiceFile } from './index.ts';
import { findSupplier, vatKey } from './lookups.ts';

/** The services a booking writes with, in the booking's transaction. */
export interface InvoiceBookServices {
  createSupplier(tx: Db, input: SupplierInput): Promise<{ id: number; code: number }>;
  saveMovement(tx: Db, input: MovementSave): Promise<Movement>;
  attachDocument(tx: Db, input: { recordKind: 'movement'; recordId: number; fileName: string; content: Uint8Array }): Promise<DocumentInfo>;
}

/** The movement of a booking: of the scope (InvalidValue otherwise), with the supplier created for it. */
function ofScope(scope: BookingScope, field: string, movement: MovementSave, supplierId: number | null): MovementSave {
  if (movement.departmentId !== scope.departmentId || movement.year !== scope.year) throw new AppError('InvalidValue', { field: `${field}.departmentId` });
  return supplierId === null ? movement : { ...movement, supplierId };
}

export async function bookInvoice(
  db: Db,
  scope: BookingScope,
  input: InvoiceBook & { member?: string | null },
  services: InvoiceBookServices,
  maxBytes?: number,
): Promise<InvoiceBookResult> {
  const file = await readInvoiceFile(input.fileName, input.content, input.member ?? null, maxBytes);
  const invoice = file.invoices[input.body - 1];
  if (!invoice) throw new AppError('InvalidValue', { field: 'body', params: { bodies: file.invoices.length } });
  return db.transaction(async (tx) => {
    // one booking of an invoice at a time: the key of the duplicate check, locked until the commit
    const key = `invoice:${scope.departmentId}:${vatKey(invoice.supplier.vatCountry, invoice.supplier.vatCode) || invoice.supplier.taxCode}:${invoice.number}:${invoice.date}`;
    await execRows(tx, sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const found = await findSupplier(tx, scope.departmentId, invoice.supplier);
    await refuseDuplicate(tx, scope.departmentId, found?.id ?? input.movement.supplierId ?? null, invoice);
    const created = input.newSupplier ? await services.createSupplier(tx, input.newSupplier) : null;
    const supplierId = created?.id ?? null;
    const movement = await services.saveMovement(tx, ofScope(scope, 'movement', input.movement, input.movement.kind === 'expenses' ? supplierId : null));
    const companion = input.companion ? await services.saveMovement(tx, ofScope(scope, 'companion', input.companion, null)) : null;
    const document = await services.attachDocument(tx, { recordKind: 'movement', recordId: movement.id, fileName: file.fileName, content: file.bytes });
    return { movement, companion, createdSupplier: created ? { id: created.id, code: created.code } : null, document };
  });
}
