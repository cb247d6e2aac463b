import { type Db, schema } from '@app/db';
import {
  AccessLevel,
  AUDIT_COUNT_CAP,
  type AuditListInput,
  AuditListInput as AuditListSchema,
  areaOfCode,
  type AuditName,
  type AuditRef,
  type AuditRefIds,
  auditRefIds,
  type AuditRow,
  pageWindow,
  seesAllDepartments,
  toPage,
} from '@app/domain';
import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable, unionAll } from 'drizzle-orm/pg-core';
import type { Session } from '../../context.ts';
import { containsPattern } from '../baseDataCommon.ts';

const { accounts, auditLog, banks, chapterBudgets, chapters, departments, reservations, suppliers, userDepartments, users } = schema;

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

/** The filters of the list as SQL conditions (besides the departments the user reads). */
function filterConditions(input: ReturnType<typeof AuditListSchema.parse>): SQL[] {
  const where: SQL[] = [];
  if (input.departmentId !== undefined) where.push(eq(auditLog.departmentId, input.departmentId));
  if (input.year !== undefined) where.push(eq(auditLog.year, input.year));
  if (input.from) where.push(gte(auditLog.at, new Date(`${input.from}T00:00:00Z`)));
  if (input.to) where.push(lt(auditLog.at, nextDay(input.to)));
  if (input.userId !== undefined) where.push(eq(auditLog.userId, input.userId));
  if (input.userName) where.push(ilike(auditLog.userName, containsPattern(input.userName)));
  if (input.entity) where.push(eq(auditLog.entity, input.entity));
  if (input.entityId) where.push(eq(auditLog.entityId, input.entityId));
  // a movement's kind is not a column: every movement save and delete names it in its input (`changes.input`)
  if (input.kind) where.push(sql`${auditLog.changes}->'input'->>'kind' = ${input.kind}`);
  if (input.recordNumber !== undefined) where.push(eq(auditLog.recordNumber, input.recordNumber));
  if (input.action) where.push(eq(auditLog.action, input.action));
  // a chapter line is no column: the rows the save changed name it (`changes.rows`: table and key), matched by containment
  if (input.chapterLine !== undefined)
    where.push(sql`${auditLog.changes}->'rows' @> ${JSON.stringify([{ table: 'chapter_budgets', key: String(input.chapterLine) }])}::jsonb`);
  return where;
}

/**
 * The chapters a page's rows name by id (chapter lines and chart chapters, see AuditRef), in one query for the
 * page: a line with its chapter's code and its own names for an editable chapter, else the chart's.
 */
async function chapterRefs(db: Db, ids: { line: number[]; chapter: number[] }): Promise<AuditRef[]> {
  if (ids.line.length === 0 && ids.chapter.length === 0) return [];
  const lines = db
    .select({
      of: sql<AuditRef['of']>`'line'::text`,
      id: chapterBudgets.id,
      chapter: chapters.chapter,
      chapterYear: chapterBudgets.chapterYear,
      descriptionDeu: sql<string>`coalesce(nullif(${chapterBudgets.descriptionDeu}, ''), ${chapters.descriptionDeu})`,
      descriptionIta: sql<string>`coalesce(nullif(${chapterBudgets.descriptionIta}, ''), ${chapters.descriptionIta})`,
    })
    .from(chapterBudgets)
    .innerJoin(chapters, eq(chapters.id, chapterBudgets.chapterId))
    .where(inArray(chapterBudgets.id, ids.line.length ? ids.line : [-1]));
  const chart = db
    .select({
      of: sql<AuditRef['of']>`'chapter'::text`,
      id: chapters.id,
      chapter: chapters.chapter,
      chapterYear: chapters.year,
      descriptionDeu: sql<string>`${chapters.descriptionDeu}`,
      descriptionIta: sql<string>`${chapters.descriptionIta}`,
    })
    .from(chapters)
    .where(inArray(chapters.id, ids.chapter.length ? ids.chapter : [-1]));
  return lines.unionAll(chart);
}

/**
 * The other records a page's rows name by id (AuditName), in one query for the page: an account and a supplier as
 * `code name`, a reservation by its record number, a bank by its name, a department by its code, a user by the
 * sign-in name. Only the kinds the page names are asked.
 */
async function nameRefs(db: Db, ids: Pick<AuditRefIds, AuditName['of']>): Promise<AuditName[]> {
  /** One kind's select, in the shape all share (of, id, textDeu, textIta); `ita` defaults to `deu`. */
  const named = (of: AuditName['of'], table: PgTable, id: PgColumn, deu: SQL, ita: SQL = deu) =>
    db
      .select({
        of: sql<AuditName['of']>`${of}::text`.as('of'),
        id: sql<number>`${id}`.as('id'),
        textDeu: sql<string>`${deu}`.as('text_deu'),
        textIta: sql<string>`${ita}`.as('text_ita'),
      })
      .from(table)
      .where(inArray(id, ids[of]));
  const kinds: Record<AuditName['of'], () => ReturnType<typeof named>> = {
    account: () =>
      named(
        'account',
        accounts,
        accounts.id,
        sql`${accounts.code} || ' ' || ${accounts.descriptionDeu}`,
        sql`${accounts.code} || ' ' || coalesce(nullif(${accounts.descriptionIta}, ''), ${accounts.descriptionDeu})`,
      ),
    supplier: () => named('supplier', suppliers, suppliers.id, sql`${suppliers.code}::text || ' ' || ${suppliers.name1}`),
    reservation: () =>
      named('reservation', reservations, reservations.id, sql`'Nr. ' || ${reservations.recordNumber}::text`, sql`'n. ' || ${reservations.recordNumber}::text`),
    bank: () => named('bank', banks, banks.id, sql`${banks.name1}`),
    department: () => named('department', departments, departments.id, sql`${departments.code}`),
    user: () => named('user', users, users.id, sql`${users.username}`),
  };
  // only the kinds the page names are asked
  const [first, second, ...rest] = (Object.keys(kinds) as AuditName['of'][]).filter((of) => ids[of].length > 0).map((of) => kinds[of]());
  if (!first) return [];
  return second ? unionAll(first, second, ...rest) : first;
}

/** One page of the trail, newest first, of the departments the user reads. */
export async function listAudit(db: Db, session: Pick<Session, 'userId' | 'accessLevel'>, raw: AuditListInput) {
  const input = AuditListSchema.parse(raw);
  const readable = await readableDepartments(db, session);
  const where = filterConditions(input);
  if (readable !== null) where.push(inArray(auditLog.departmentId, readable.length ? readable : [-1]));
  const condition = where.length ? and(...where) : undefined;
  const { limit, offset } = pageWindow(input);
  const rows = await db
    .select({ row: auditLog, departmentCode: departments.code })
    .from(auditLog)
    .leftJoin(departments, eq(departments.id, auditLog.departmentId))
    .where(condition)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  // counted up to the cap and one more (an index range, not the whole trail): beyond it the answer says `more`
  const capped = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(condition)
    .limit(AUDIT_COUNT_CAP + 1)
    .as('capped');
  const [counted] = await db.select({ n: count() }).from(capped);
  const matching = counted?.n ?? 0;
  // the chapters the rows name by id: collected over the page, resolved in one query, each row given its own
  const named = rows.map(({ row }) => auditRefIds(row.changes));
  const refs = await chapterRefs(db, {
    line: [...new Set(named.flatMap((n) => n.line))],
    chapter: [...new Set(named.flatMap((n) => n.chapter))],
  });
  const refOf = new Map(refs.map((r) => [`${r.of}:${r.id}`, r]));
  const union = (of: AuditName['of']) => [...new Set(named.flatMap((n) => n[of]))];
  const names = await nameRefs(db, {
    account: union('account'),
    supplier: union('supplier'),
    reservation: union('reservation'),
    bank: union('bank'),
    department: union('department'),
    user: union('user'),
  });
  const nameOf = new Map(names.map((n) => [`${n.of}:${n.id}`, n]));
  const namesOf = (ids: AuditRefIds) =>
    (['account', 'supplier', 'reservation', 'bank', 'department', 'user'] as const).flatMap((of) =>
      ids[of].flatMap((id) => {
        const name = nameOf.get(`${of}:${id}`);
        return name ? [name] : [];
      }),
    );
  const entities: AuditRow[] = rows.map(({ row: { prevHash: _p, hash: _h, at, ...r }, departmentCode }, i) => ({
    ...r,
    departmentCode: departmentCode ?? null,
    at: at.toISOString(),
    refs: [...named[i]!.line.map((id) => refOf.get(`line:${id}`)), ...named[i]!.chapter.map((id) => refOf.get(`chapter:${id}`))].filter(
      (ref): ref is AuditRef => ref !== undefined,
    ),
    names: namesOf(named[i]!),
  }));
  return { ...toPage(entities, Math.min(matching, AUDIT_COUNT_CAP), input), more: matching > AUDIT_COUNT_CAP };
}
