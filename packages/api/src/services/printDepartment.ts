import { type Db, schema } from '@app/db';
import { areaOfCode, type PrintDepartment, signerRoles } from '@app/domain';
import { eq } from 'drizzle-orm';
import { fail } from '../errors.ts';

const { departments } = schema;

type DepartmentRow = typeof departments.$inferSelect;

/** A department as the printed lists head it: names, area, signer roles. */
export function printDepartment(d: DepartmentRow): PrintDepartment {
  const area = areaOfCode(d.code);
  return {
    id: d.id,
    code: d.code,
    nameDeu: [d.name1Deu, d.name2Deu].filter(Boolean).join(' '),
    nameIta: [d.name1Ita, d.name2Ita].filter(Boolean).join(' '),
    area,
    ...signerRoles(area),
    cashierName: d.cashierName,
    commanderName: d.commanderName,
  };
}

/** The department `id` as printDepartment (NotFound when there is none). */
export async function departmentOf(db: Db, id: number): Promise<PrintDepartment> {
  const [row] = await db.select().from(departments).where(eq(departments.id, id)).limit(1);
  if (!row) fail('NotFound', { field: 'departmentId' });
  return printDepartment(row);
}
