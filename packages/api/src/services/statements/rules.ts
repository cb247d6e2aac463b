/**
 * The matching rules of a department's statements (issue 28): "text contains Gemeinde Lana → chapter 11001".
 * Saving and deleting one are booking writes of the scope (the year open: YearLocked; the auditor refused by
 * the router's access rules); the chapter must be one of the scope year's chart (InvalidValue otherwise).
 */
import { type Db, execRows, schema } from '@app/db';
import type { StatementRule, StatementRuleKey, StatementRuleSave } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { BookingScope, YearScope } from '../ledger/bookingScope.ts';
import { assertYearOpen } from '../ledger/head.ts';
import { rulesOf } from './reads.ts';

const { statementRules } = schema;

export function listRules(db: Db, scope: YearScope): Promise<StatementRule[]> {
  return rulesOf(db, scope.departmentId);
}

/** Creates (id null) or changes a rule of the department; answers it. */
export async function saveRule(db: Db, scope: BookingScope, input: Pick<StatementRuleSave, 'id' | 'kind' | 'text' | 'chapter'>): Promise<StatementRule> {
  return db.transaction(async (tx) => {
    await assertYearOpen(tx, scope.area, scope.year, scope.today);
    const [chapter] = await execRows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from chapters where area = ${scope.area} and year = ${scope.year} and chapter = ${input.chapter}`,
    );
    if (Number(chapter?.n ?? 0) === 0) fail('InvalidValue', { field: 'chapter', params: { chapter: input.chapter } });
    const values = { kind: input.kind, text: input.text, chapter: input.chapter };
    if (input.id === null) {
      const [row] = await tx
        .insert(statementRules)
        .values({ departmentId: scope.departmentId, ...values })
        .returning({ id: statementRules.id });
      return { id: row!.id, ...values };
    }
    const [row] = await tx
      .update(statementRules)
      .set(values)
      .where(and(eq(statementRules.id, input.id), eq(statementRules.departmentId, scope.departmentId)))
      .returning({ id: statementRules.id });
    if (!row) fail('NotFound', { field: 'id', params: { id: input.id } });
    return { id: row.id, ...values };
  });
}

export async function deleteRule(db: Db, scope: BookingScope, input: Pick<StatementRuleKey, 'id'>): Promise<true> {
  return db.transaction(async (tx) => {
    await assertYearOpen(tx, scope.area, scope.year, scope.today);
    const deleted = await tx
      .delete(statementRules)
      .where(and(eq(statementRules.id, input.id), eq(statementRules.departmentId, scope.departmentId)))
      .returning({ id: statementRules.id });
    if (deleted.length === 0) fail('NotFound', { field: 'id', params: { id: input.id } });
    return true as const;
  });
}
