import { type Db, schema } from '@app/db';
import {
  AccessLevel,
  AUDIT_COUNT_CAP,
  type AuditListInput,
  AuditListInput as AuditListSchema,
  areaOfCode,
  type AuditRow,
  pageWindow,
  seesAllDepartments,
  toPage,
} from '@app/domain';
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Session } from '../../context.ts';

const { auditLog, departments, userDepartments } = schema;

/**
 * The departments whose trail a user reads (issue 27): a supervisor all (null: no limit, rows without a
 * department too), an administrator every department of the areas of the departments linked to him,
 * a standard user the departments linked to him.
 */
async function readableDepartments(db: Db, session: Pick<Session, 'userId' | 'accessLevel'>): Promise<number[] | null> {
  if (seesAllDepartments(session)) return null;
  const all = await db.select({ id: departments.id, code: departments.code }).from(departments);
  const linked = new Set(
    (await db.select({ id: userDepartments.departmentId }).from(userDepartments).where(eq(userDepartments.userId, session.userId))).map((r) => r.id),
  );
  if (session.accessLevel !== AccessLevel.Administrator) return all.filter((d) => linked.has(d.id)).map((d) => d.id);
  const areas = new Set(all.filter((d) => linked.has(d.id)).map((d) => areaOfCode(d.code)));
  return all.filter((d) => areas.has(areaOfCode(d.code))).map((d) => d.id);
}

const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000);

/** One page of the trail, newest first, of the departments the user reads. */
export async function listAudit(db: Db, session: Pick<Session, 'userId' | 'accessLevel'>, raw: AuditListInput) {
  const input = AuditListSchema.parse(raw);
  const readable = await readableDepartments(db, session);
  const where: SQL[] = [];
  if (readable !== null) where.push(inArray(auditLog.departmentId, readable.length ? readable : [-1]));
  if (input.departmentId !== undefined) where.push(eq(auditLog.departmentId, input.departmentId));
  if (input.year !== undefined) where.push(eq(auditLog.year, input.year));
  if (input.from) where.push(gte(auditLog.at, new Date(`${input.from}T00:00:00Z`)));
  if (input.to) where.push(lt(auditLog.at, nextDay(input.to)));
  if (input.userId !== undefined) where.push(eq(auditLog.userId, input.userId));
  if (input.entity) where.push(eq(auditLog.entity, input.entity));
  if (input.recordNumber !== undefined) where.push(eq(auditLog.recordNumber, input.recordNumber));
  if (input.action) where.push(eq(auditLog.action, input.action));
  const condition = where.length ? and(...where) : undefined;
  const { limit, offset } = pageWindow(input);
  const rows = await db.select().from(auditLog).where(condition).orderBy(desc(auditLog.id)).limit(limit).offset(offset);
  // counted up to the cap and one more (an index range, not the whole trail): beyond it the answer says `more`
  const capped = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(condition)
    .limit(AUDIT_COUNT_CAP + 1)
    .as('capped');
  const [counted] = await db.select({ n: count() }).from(capped);
  const matching = counted?.n ?? 0;
  const entities: AuditRow[] = rows.map(({ prevHash: _p, hash: _h, at, ...r }) => ({ ...r, at: at.toISOString() }));
  return { ...toPage(entities, Math.min(matching, AUDIT_COUNT_CAP), input), more: matching > AUDIT_COUNT_CAP };
}
