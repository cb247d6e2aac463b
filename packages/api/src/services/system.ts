import { type Db, schema } from '@app/db';
import { hasDemoData } from '@app/db/seed';
import { AccessLevel, type FirstSetupInput, UNION_CODE } from '@app/domain';
import { count, sql } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { fail } from '../errors.ts';

const { departments, financialYears } = schema;

/** Facts about this installation the client shows before and after sign-in. */
export interface SystemInfo {
  /** The database holds the demo data (the marker the demo seed writes): the top bar shows "Demo". */
  demo: boolean;
}

export async function systemInfo(db: Db): Promise<SystemInfo> {
  return { demo: await hasDemoData(db) };
}

/**
 * First setup of an empty installation: a Supervisor creates the union (code 000) and the first
 * financial year in one transaction; the departments screen of the union then takes the rest.
 * Refused once any department exists (DepartmentExists), and for everyone but a Supervisor.
 */
export async function firstSetup(db: Db, session: Pick<Session, 'accessLevel'>, input: FirstSetupInput): Promise<{ code: string; year: number }> {
  if (session.accessLevel !== AccessLevel.Supervisor) fail('Forbidden');
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${departments} in exclusive mode`);
    const [row] = await tx.select({ n: count() }).from(departments);
    if ((row?.n ?? 0) > 0) fail('DepartmentExists', { field: 'code' });
    await tx
      .insert(departments)
      .values({ code: UNION_CODE, name1Deu: input.name1Deu, name2Deu: input.name2Deu, name1Ita: input.name1Ita, name2Ita: input.name2Ita });
    await tx.insert(financialYears).values({ year: input.year }).onConflictDoNothing();
    return { code: UNION_CODE, year: input.year };
  });
}
