import { type Db, schema } from '@app/db';
import { AccountType, type EtsAmount, type EtsReport, type EtsReportSection, type EtsUnassignedChapter, etsSectionNames, Part } from '@app/domain';
import { asc } from 'drizzle-orm';
import { departmentOf } from '../printDepartment.ts';
import { accountBalanceRows } from '../ledger/cashBalances.ts';
import type { YearLine } from './lines.ts';
import { yearLines } from './lines.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

const { etsCategories } = schema;

/**
 * POST FinalBalance/ETSReport: the cash report of the third sector (rendiconto per cassa, model D;
 * DOMAIN decision 19). Receipts and payments are what the year's lines collected and paid (every
 * chapter year; chapter transfers count on both sides, as in the final report, so they net out),
 * summed per ETS category of the line's chapter; sections A–E are the management, I the investments
 * and disinvestments. A chapter without category is listed as "not assigned" (in the management
 * totals), never dropped. The previous-year columns are null when Y−1 has no budget lines of the
 * department. Cash = accounts of type cash, bank deposits = bank and post accounts, at 31.12.
 * Queries: the categories, the lines of Y and of Y−1, the account balances.
 */
export async function etsReport(db: Db, scope: BookingScope): Promise<EtsReport> {
  const [categories, current, previous, accounts, department] = await Promise.all([
    db.select().from(etsCategories).orderBy(asc(etsCategories.part), asc(etsCategories.sort)),
    yearLines(db, scope),
    yearLines(db, { departmentId: scope.departmentId, year: scope.year - 1 }),
    accountBalanceRows(db, scope),
    departmentOf(db, scope.departmentId),
  ]);
  const hasPreviousYear = previous.length > 0;
  const amount = (curr: number, prev: number): EtsAmount => ({ currYear: curr, prevYear: hasPreviousYear ? prev : null });
  const add = (a: EtsAmount, b: EtsAmount): EtsAmount => amount(a.currYear + b.currYear, (a.prevYear ?? 0) + (b.prevYear ?? 0));
  const minus = (a: EtsAmount, b: EtsAmount): EtsAmount => amount(a.currYear - b.currYear, (a.prevYear ?? 0) - (b.prevYear ?? 0));
  const zero = amount(0, 0);

  const byCategory = (lines: YearLine[]) => {
    const sums = new Map<number, number>();
    for (const l of lines) if (l.etsCategoryId !== null) sums.set(l.etsCategoryId, (sums.get(l.etsCategoryId) ?? 0) + l.payments);
    return sums;
  };
  const currSums = byCategory(current);
  const prevSums = byCategory(previous);

  const sections = (part: Part, investments: boolean): EtsReportSection[] => {
    const result: EtsReportSection[] = [];
    for (const c of categories) {
      if (c.part !== part || (c.section === 'I') !== investments) continue;
      let section = result.at(-1);
      if (section?.section !== c.section) {
        const names = etsSectionNames[c.section];
        section = {
          section: c.section,
          descriptionDeu: names?.deu[part - 1] ?? c.section,
          descriptionIta: names?.ita[part - 1] ?? c.section,
          categories: [],
          total: zero,
        };
        result.push(section);
      }
      const a = amount(currSums.get(c.id) ?? 0, prevSums.get(c.id) ?? 0);
      section.categories.push({ id: c.id, code: c.code, descriptionDeu: c.descriptionDeu, descriptionIta: c.descriptionIta, amount: a });
      section.total = add(section.total, a);
    }
    return result;
  };

  // chapters without ETS category (by part, chapter year and code) in either year
  const unassignedMap = new Map<string, EtsUnassignedChapter>();
  const collect = (lines: YearLine[], isCurrent: boolean) => {
    for (const l of lines) {
      if (l.etsCategoryId !== null || l.payments === 0) continue;
      const key = `${l.part}-${l.chapter}-${l.chapterYear}`;
      const row = unassignedMap.get(key) ?? {
        part: l.part,
        chapterYear: l.chapterYear,
        chapter: l.chapter,
        descriptionDeu: l.descriptionDeu,
        descriptionIta: l.descriptionIta,
        amount: zero,
      };
      row.amount = isCurrent
        ? amount(row.amount.currYear + l.payments, row.amount.prevYear ?? 0)
        : amount(row.amount.currYear, (row.amount.prevYear ?? 0) + l.payments);
      unassignedMap.set(key, row);
    }
  };
  collect(current, true);
  collect(previous, false);
  const unassigned = [...unassignedMap.values()].sort((a, b) => a.part - b.part || a.chapter.localeCompare(b.chapter) || b.chapterYear - a.chapterYear);
  const unassignedTotal = (part: Part) => unassigned.filter((u) => u.part === part).reduce((s, u) => add(s, u.amount), zero);

  const management = { profits: sections(Part.Revenues, false), losses: sections(Part.Expenses, false) };
  const assets = { profits: sections(Part.Revenues, true), losses: sections(Part.Expenses, true) };
  const total = (list: EtsReportSection[]) => list.reduce((s, x) => add(s, x.total), zero);
  const managementTotalProfit = add(total(management.profits), unassignedTotal(Part.Revenues));
  const managementTotalLoss = add(total(management.losses), unassignedTotal(Part.Expenses));
  const managementBalance = minus(managementTotalProfit, managementTotalLoss);
  const assetsTotalProfit = total(assets.profits);
  const assetsTotalLoss = total(assets.losses);
  const assetsBalance = minus(assetsTotalProfit, assetsTotalLoss);

  const cashOf = (pick: 'initialBalance' | 'finalBalance', isCash: boolean) =>
    accounts.filter((a) => (a.type === AccountType.Cash) === isCash).reduce((s, a) => s + a[pick], 0);
  return {
    financialYear: scope.year,
    department,
    hasPreviousYear,
    management,
    assets,
    managementTotalProfit,
    managementTotalLoss,
    managementBalance,
    assetsTotalProfit,
    assetsTotalLoss,
    assetsBalance,
    totalBalance: add(managementBalance, assetsBalance),
    cash: amount(cashOf('finalBalance', true), cashOf('initialBalance', true)),
    bankDeposits: amount(cashOf('finalBalance', false), cashOf('initialBalance', false)),
    unassigned,
  };
}
