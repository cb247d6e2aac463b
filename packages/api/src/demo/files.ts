/**
 * The living demo's incoming documents (issue 28 demo), offered to FF Eppan (102) only while the database holds
 * the demo data: the two e-invoices of the week and the bank's statement of the month (built for the scope's
 * today from the demo's stored order and its B1 account). Another installation, department or year gets none.
 */
import type { Db } from '@app/db';
import { hasDemoData } from '@app/db/seed';
import type { BookingScope } from '../services/ledger/bookingScope.ts';
import { demoInvoices, type DemoInvoiceFile } from './invoices.ts';
import { ORDER_BRIGADE } from './living.ts';
import { demoStatement } from './statement.ts';

/** Is this the demo brigade's running year in a demo installation? */
async function offered(db: Db, scope: Pick<BookingScope, 'departmentCode' | 'year' | 'today'>): Promise<boolean> {
  return scope.departmentCode === ORDER_BRIGADE && scope.year === Number(scope.today.slice(0, 4)) && (await hasDemoData(db));
}

export async function demoInvoiceFiles(db: Db, scope: Pick<BookingScope, 'departmentCode' | 'year' | 'today'>): Promise<DemoInvoiceFile[]> {
  return (await offered(db, scope)) ? demoInvoices(scope.today) : [];
}

export async function demoStatementFile(db: Db, scope: Pick<BookingScope, 'departmentCode' | 'year' | 'today'>): Promise<DemoInvoiceFile | null> {
  if (!(await offered(db, scope))) return null;
  const statement = await demoStatement(db, scope.today);
  return statement ? { fileName: statement.fileName, content: statement.content } : null;
}
