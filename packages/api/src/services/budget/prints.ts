import { type Db, schema } from '@app/db';
import {
  type AdjustmentProtocol,
  type Area,
  type ChangesByChapter,
  type ChangesByChapterInput,
  type ChangesProtocol,
  type ChangesProtocolInput,
  changeTotals,
  type ForecastExport,
  type ForecastExportInput,
  type ForecastExportPart,
  type Part,
  type PrintDepartment,
  type ProtocolPosition,
  type ProtocolSession,
  titleTotals,
} from '@app/domain';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Session } from '../../context.ts';
import { fail } from '../../errors.ts';
import { forecastChapterRows } from './forecast.ts';
import { readHead } from '../ledger/head.ts';
import { changeAmountsByLine } from './changeFigures.ts';
import { ADJUSTMENT_RECORD } from './changes.ts';
import { chapterFigureRows } from '../ledger/chapterFigures.ts';
import { departmentOf, printDepartment } from '../printDepartment.ts';
import { assertDepartmentAccess } from '../scope.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

const { budgetChanges, titles } = schema;

async function titlesOf(db: Db, area: Area, year: number) {
  const rows = await db
    .select({ part: titles.part, title: titles.title, descriptionDeu: titles.descriptionDeu, descriptionIta: titles.descriptionIta })
    .from(titles)
    .where(and(eq(titles.area, area), eq(titles.year, year)))
    .orderBy(asc(titles.part), asc(titles.title));
  return rows.map((t) => ({ ...t, part: t.part as Part }));
}

/**
 * POST Budget/Forecast/Export: the data of the forecast print. With a department its amounts
 * (current and previous year) and header; without one an empty form of the area's chart, which the
 * union can't print (DepartmentNeeded: the union header needs the department).
 */
export async function forecastExport(
  db: Db,
  session: Pick<Session, 'userId' | 'accessLevel'>,
  input: ForecastExportInput,
  today: string,
): Promise<ForecastExport> {
  let department: PrintDepartment | null = null;
  let area: Area;
  if (input.departmentId !== undefined) {
    const dept = await assertDepartmentAccess(db, session, input.departmentId);
    department = printDepartment(dept);
    area = department.area;
  } else {
    if (input.area === undefined) fail('InvalidValue', { field: 'area' });
    if (input.area === 1) fail('DepartmentNeeded');
    area = input.area;
  }
  const withoutValues = input.withoutValues || department === null;
  const inc = input.includes;
  const [rows, titleRows, head, prevHead] = await Promise.all([
    forecastChapterRows(db, {
      departmentId: department?.id ?? null,
      area,
      year: input.year,
      part: inc.part,
      titleFrom: inc.titleFrom,
      titleTo: inc.titleTo,
      chapterFrom: inc.chapterFrom,
      chapterTo: inc.chapterTo,
      allChapters: withoutValues,
    }),
    titlesOf(db, area, input.year),
    department ? readHead(db, { departmentId: department.id, year: input.year }) : null,
    department ? readHead(db, { departmentId: department.id, year: input.year - 1 }) : null,
  ]);
  const value = (cents: number) => (withoutValues ? 0 : cents);
  const titleName = (part: number, title: number) => titleRows.find((t) => t.part === part && t.title === title);

  let details: ForecastExportPart[] | null = null;
  if (input.details) {
    details = ([1, 2] as Part[])
      .filter((part) => rows.some((r) => r.part === part))
      .map((part) => {
        const ofPart = rows.filter((r) => r.part === part);
        const titleNumbers = [...new Set(ofPart.map((r) => r.title))].sort((a, b) => a - b);
        const partTitles = titleNumbers.map((title) => {
          const chapters = ofPart
            .filter((r) => r.title === title)
            .map((r) => ({
              chapter: r.chapter,
              descriptionDeu: r.chapterDescriptionDeu,
              descriptionIta: r.chapterDescriptionIta,
              amountCurrYear: value(r.amountCurrYear),
              amountPrevYear: value(r.amountPrevYear),
            }));
          const t = titleName(part, title);
          return {
            part,
            title,
            descriptionDeu: t?.descriptionDeu ?? '',
            descriptionIta: t?.descriptionIta ?? '',
            chapters,
            totalCurrYear: chapters.reduce((s, c) => s + c.amountCurrYear, 0),
            totalPrevYear: chapters.reduce((s, c) => s + c.amountPrevYear, 0),
          };
        });
        return {
          part,
          titles: partTitles,
          totalCurrYear: partTitles.reduce((s, t) => s + t.totalCurrYear, 0),
          totalPrevYear: partTitles.reduce((s, t) => s + t.totalPrevYear, 0),
        };
      });
  }

  let summary: ForecastExport['summary'] = null;
  if (input.summary) {
    // the summary covers the whole forecast, not the detail filter
    const all =
      inc.part !== undefined || inc.titleFrom !== undefined || inc.titleTo !== undefined || inc.chapterFrom || inc.chapterTo
        ? await forecastChapterRows(db, { departmentId: department?.id ?? null, area, year: input.year, allChapters: withoutValues })
        : rows;
    const curr = titleTotals(all.map((r) => ({ part: r.part, title: r.title, amount: value(r.amountCurrYear) })));
    const prev = titleTotals(all.map((r) => ({ part: r.part, title: r.title, amount: value(r.amountPrevYear) })));
    const summaryTitles = curr.map((t, i) => {
      const names = titleName(1, t.title) ?? titleName(2, t.title);
      return {
        title: t.title,
        descriptionDeu: names?.descriptionDeu ?? '',
        descriptionIta: names?.descriptionIta ?? '',
        revenues: t.revenues,
        expenses: t.expenses,
        revenuesPrevYear: prev[i]?.revenues ?? 0,
        expensesPrevYear: prev[i]?.expenses ?? 0,
      };
    });
    summary = {
      titles: summaryTitles,
      surplusUsed: value(head?.surplusUsed ?? 0),
      surplusUsedPrevYear: value(prevHead?.surplusUsed ?? 0),
      revenues: curr.reduce((s, t) => s + t.revenues, 0),
      expenses: curr.reduce((s, t) => s + t.expenses, 0),
    };
  }
  return { financialYear: input.year, withoutValues, details, summary, department, area, approval: head?.forecastApproved ?? null, date: today };
}

/**
 * GET budget/changes/byChapter: the chapters with a budget line (part, title and chapter range) with
 * initial, changes and final budget; with details the changes (and the adjustment, record -1) of each.
 */
export async function changesByChapter(db: Db, scope: BookingScope, input: ChangesByChapterInput): Promise<ChangesByChapter> {
  const [department, { rows }, amounts] = await Promise.all([
    departmentOf(db, scope.departmentId),
    chapterFigureRows(db, {
      departmentId: scope.departmentId,
      year: scope.year,
      area: scope.area,
      part: input.part,
      titleFrom: input.titelFrom,
      titleTo: input.titelTo,
      chapterFrom: input.chapterFrom,
      chapterTo: input.chapterTo,
      withBudgetOnly: true,
    }),
    input.withDetails || input.onlyChaptersWithChanges ? changeAmountsByLine(db, scope) : [],
  ]);
  const items = rows
    .map((r) => {
      const changes = amounts.filter((a) => a.chapterId === r.chapterId).map(({ chapterId: _c, ...rest }) => rest);
      return {
        chapterId: r.chapterId,
        chapter: r.chapter,
        part: r.part,
        title: r.title,
        descriptionDeu: r.descriptionDeu,
        descriptionIta: r.descriptionIta,
        budgetInitial: r.budgetInitial,
        budgetChanges: r.budgetChanges,
        budgetFinal: r.budgetFinal,
        changes: input.withDetails ? changes : [],
        hasChanges: changes.length > 0,
      };
    })
    .filter((i) => !input.onlyChaptersWithChanges || i.hasChanges)
    .map(({ hasChanges: _h, ...item }) => item);
  return { year: scope.year, department, items, hasDetails: input.withDetails };
}

/**
 * The sessions (changes, the adjustment as record -1) with their positions: budget before the change
 * (= final budget without it), the change and the budget after. Three queries for any number of sessions.
 */
async function protocolSessions(
  db: Db,
  scope: BookingScope,
  where: { recordFrom?: number | undefined; recordTo?: number | undefined; approvalDateFrom?: string | undefined; approvalDateTo?: string | undefined },
): Promise<(ProtocolSession & { surplusActual: number | null })[]> {
  const heads = await db
    .select()
    .from(budgetChanges)
    .where(
      and(
        eq(budgetChanges.departmentId, scope.departmentId),
        eq(budgetChanges.year, scope.year),
        where.recordFrom !== undefined ? gte(budgetChanges.recordNumber, where.recordFrom) : undefined,
        where.recordTo !== undefined ? lte(budgetChanges.recordNumber, where.recordTo) : undefined,
        where.approvalDateFrom ? gte(budgetChanges.approved, where.approvalDateFrom) : undefined,
        where.approvalDateTo ? lte(budgetChanges.approved, where.approvalDateTo) : undefined,
      ),
    )
    .orderBy(asc(budgetChanges.recordNumber));
  if (heads.length === 0) return [];
  const amounts = (await changeAmountsByLine(db, scope)).filter((a) => heads.some((h) => h.recordNumber === a.recordNumber));
  const { rows } = await chapterFigureRows(db, {
    departmentId: scope.departmentId,
    year: scope.year,
    area: scope.area,
    chapterIds: [...new Set(amounts.map((a) => a.chapterId))],
  });
  // the adjustment closes the year's changes: print it after them
  const ordered = [...heads.filter((h) => h.recordNumber !== ADJUSTMENT_RECORD), ...heads.filter((h) => h.recordNumber === ADJUSTMENT_RECORD)];
  return ordered.map((h) => {
    const positions: ProtocolPosition[] = amounts
      .filter((a) => a.recordNumber === h.recordNumber)
      .flatMap((a) => {
        const r = rows.find((x) => x.chapterId === a.chapterId);
        if (!r) return [];
        return [
          {
            chapter: r.chapter,
            part: r.part,
            title: r.title,
            descriptionDeu: r.descriptionDeu,
            descriptionIta: r.descriptionIta,
            budgetBefore: r.budgetFinal - a.amount,
            amount: a.amount,
            budgetAfter: r.budgetFinal,
          },
        ];
      })
      .sort((a, b) => a.chapter.localeCompare(b.chapter));
    return {
      recordNumber: h.recordNumber,
      approved: h.approved,
      notes: h.notes,
      positions,
      totals: changeTotals(positions),
      surplusActual: h.surplusActual,
    };
  });
}

/** GET budget/changes/adjustmentProtocol: the adjustment (record -1) with its positions, or adjustment null. */
export async function adjustmentProtocol(db: Db, scope: BookingScope): Promise<AdjustmentProtocol> {
  const [department, head, sessions, titels] = await Promise.all([
    departmentOf(db, scope.departmentId),
    readHead(db, scope),
    protocolSessions(db, scope, { recordFrom: ADJUSTMENT_RECORD, recordTo: ADJUSTMENT_RECORD }),
    titlesOf(db, scope.area, scope.year),
  ]);
  const s = sessions[0];
  const adjustment = s
    ? {
        recordNumber: s.recordNumber,
        approved: s.approved,
        notes: s.notes,
        positions: s.positions,
        totals: changeTotals(s.positions, (s.surplusActual ?? 0) - head.surplusUsed),
        surplusActual: s.surplusActual ?? 0,
        surplusPlanned: head.surplusUsed,
      }
    : null;
  return { year: scope.year, department, adjustment, titels };
}

/** GET budget/changes/changesProtocol: the changes in the record and approval-date ranges (the adjustment as -1). */
export async function changesProtocol(db: Db, scope: BookingScope, input: ChangesProtocolInput): Promise<ChangesProtocol> {
  const [department, head, sessions, titels] = await Promise.all([
    departmentOf(db, scope.departmentId),
    readHead(db, scope),
    protocolSessions(db, scope, input),
    titlesOf(db, scope.area, scope.year),
  ]);
  return {
    year: scope.year,
    department,
    sessions: sessions.map(({ surplusActual, ...s }) =>
      s.recordNumber === ADJUSTMENT_RECORD ? { ...s, totals: changeTotals(s.positions, (surplusActual ?? 0) - head.surplusUsed) } : s,
    ),
    titels,
  };
}
