import { type Db, execRows, moneyParam } from '@app/db';
import {
  carriedLineShortfall,
  type ResidueExport,
  type ResidueExportGroup,
  type ResidueExportInput,
  type ResidueFinal,
  type ResidueFinalSaveInput,
  type ResiduePosition,
  residueProblem,
  type ResidueSource,
  readsOnly,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { type BudgetHead, lockOpenHead, readHead } from '../ledger/head.ts';
import { lineBounds, lineUsed, type ResidueLine, residueLines, residuePosition } from './lines.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

/**
 * Residue determination (spec 3 §2 "Determination", §4, §5; DOMAIN.md "Year end", decision 14): the
 * final residue per chapter line of the scope, within 0 / the remaining reservations / the availability.
 */

/** Residue writes need an open year (YearLocked), an approved forecast (BudgetNotApproved) and an open budget (BudgetClosed). */
export async function lockResidueHead(tx: Db, scope: BookingScope): Promise<BudgetHead> {
  const head = await lockOpenHead(tx, scope);
  if (head.finalApproved) fail('BudgetClosed');
  if (!head.forecastApproved) fail('BudgetNotApproved');
  return head;
}

/** Budget/Residues/Final GET: the positions of one source with their bounds and flags. */
export async function getResidueFinal(db: Db, scope: BookingScope, source: 1 | 2): Promise<ResidueFinal> {
  const [head, lines] = await Promise.all([readHead(db, scope), residueLines(db, scope)]);
  const closed = head.finalApproved !== null;
  const writable = !closed && head.forecastApproved !== null && !readsOnly(scope);
  const current = (chapterYear: number) => chapterYear === scope.year;
  return {
    source,
    positions: lines.filter((l) => current(l.chapterYear) === (source === 1)).map((l) => residuePosition(l, writable)),
    isBudgetClosed: closed,
    allDetermined: lines.every((l) => l.finalResidue !== null),
  };
}

/** What the save writes on a line: the residue with the bounds it was determined within, or null (cleared). */
type ResidueWrite = { amount: number; minimum: number; maximum: number } | null;

/** A line whose new figure must leave Y+1's carried line covered (decision 23): the position, the line, the figure. */
interface CarriedCheck {
  index: number;
  line: ResidueLine;
  figure: number;
}

/**
 * Budget/Residues/Final PUT: every sent amount checked against its line's bounds (refused as a whole:
 * InvalidValue naming `positions.<i>.amount` with the bounds); `amount: null` clears the line's
 * determination (decision 23); a new figure (a cleared line: its lower bound, which any later
 * determination reaches) may not leave Y+1's carried line below what Y+1 already used on it
 * (SmallerThanExistingResidue). A save with an amount also determines the lines of the source that can
 * hold no residue (availability 0, nothing owed, not overspent) with 0; overspent lines never. Written in
 * one statement with the bounds of the determination (a later move of them marks the line changed).
 * Runs behind the budget head's FOR UPDATE lock, so no booking of Y moves the figures meanwhile.
 */
export async function saveResidueFinal(db: Db, scope: BookingScope, input: ResidueFinalSaveInput): Promise<ResidueFinal> {
  await db.transaction(async (tx) => {
    await lockResidueHead(tx, scope);
    const lines = await residueLines(tx, scope, { source: input.budgetType });
    const byId = new Map(lines.map((l) => [l.lineId, l]));
    const writes = new Map<number, ResidueWrite>();
    const checks: CarriedCheck[] = [];
    input.positions.forEach((p, i) => {
      const line = byId.get(p.budgetId);
      if (!line || writes.has(p.budgetId)) fail('InvalidValue', { field: `positions.${i}.budgetId` });
      const bounds = lineBounds(line);
      if (p.amount === null) {
        writes.set(p.budgetId, null);
        if (line.finalResidue !== null) checks.push({ index: i, line, figure: bounds.minimum });
        return;
      }
      const problem = residueProblem(p.amount, bounds);
      if (problem)
        fail('InvalidValue', {
          field: `positions.${i}.amount`,
          params: { chapter: line.chapter, chapterYear: line.chapterYear, minimum: bounds.minimum, maximum: bounds.maximum, problem },
        });
      writes.set(p.budgetId, { amount: p.amount, minimum: bounds.minimum, maximum: bounds.maximum });
      if (p.amount !== line.finalResidue) checks.push({ index: i, line, figure: p.amount });
    });
    if (input.positions.some((p) => p.amount !== null)) {
      for (const line of lines) {
        if (writes.has(line.lineId) || line.finalResidue !== null) continue;
        const bounds = lineBounds(line);
        if (!bounds.overspent && bounds.maximum === 0) writes.set(line.lineId, { amount: 0, minimum: 0, maximum: 0 });
      }
    }
    await assertCarriedLinesCovered(tx, scope, checks);
    await writeFinalResidues(tx, writes);
  });
  return getResidueFinal(db, scope, input.budgetType);
}

/**
 * Decision 23: the new figures of lines carried into Y+1 (same chapter and chapter year) must cover
 * what Y+1 already paid, owes and reserves on the carried line beyond its own changes
 * (carriedLineShortfall), else SmallerThanExistingResidue naming the position, with what Y+1 uses.
 */
async function assertCarriedLinesCovered(tx: Db, scope: BookingScope, checks: readonly CarriedCheck[]): Promise<void> {
  if (checks.length === 0) return;
  const next = await residueLines(tx, { departmentId: scope.departmentId, year: scope.year + 1 }, { source: 2 });
  if (next.length === 0) return;
  const carried = new Map(next.map((l) => [`${l.chapterId}/${l.chapterYear}`, l]));
  for (const { index, line, figure } of checks) {
    const target = carried.get(`${line.chapterId}/${line.chapterYear}`);
    if (!target) continue;
    const used = carriedLineShortfall(figure, { budgetInitial: target.budgetInitial, budgetChanges: target.budgetChanges, used: lineUsed(target) });
    if (used !== null)
      fail('SmallerThanExistingResidue', {
        field: `positions.${index}.amount`,
        params: { chapter: line.chapter, chapterYear: line.chapterYear, year: scope.year + 1, used, minimum: used - target.budgetChanges },
      });
  }
}

/** Sets (or clears) final_residue and its bounds of the given lines in one statement. */
async function writeFinalResidues(tx: Db, writes: ReadonlyMap<number, ResidueWrite>): Promise<void> {
  if (writes.size === 0) return;
  const cents = (value: number | undefined) => (value === undefined ? sql`null::numeric` : sql`${moneyParam(value)}::numeric`);
  const rows = sql.join(
    [...writes].map(([id, w]) => sql`(${id}::int, ${cents(w?.amount)}, ${cents(w?.minimum)}, ${cents(w?.maximum)})`),
    sql`, `,
  );
  await execRows(
    tx,
    sql`update chapter_budgets set final_residue = v.amount, residue_minimum = v.minimum, residue_maximum = v.maximum
        from (values ${rows}) v (id, amount, minimum, maximum) where chapter_budgets.id = v.id`,
  );
}

function groupTotals(positions: readonly ResiduePosition[]): ResidueExportGroup['totals'] {
  const sum = (pick: (p: ResiduePosition) => number) => positions.reduce((total, p) => total + pick(p), 0);
  return {
    allocated: sum((p) => p.budget.allocated),
    payments: sum((p) => p.budget.payments),
    available: sum((p) => p.budget.available),
    reservations: sum((p) => p.budget.reservations),
    openPayments: sum((p) => p.budget.openPayments),
    finalResidue: sum((p) => p.amount),
  };
}

/**
 * Budget/Residues/Export GET: the lines of the source (0 all) filtered by residue (with: the amount
 * shown, determined or proposed, above 0), grouped per source (current first) and part with totals.
 */
export async function residueExport(db: Db, scope: BookingScope, input: ResidueExportInput): Promise<ResidueExport> {
  const lines = await residueLines(db, scope, { source: input.source as ResidueSource });
  const positions = lines.map((l) => residuePosition(l, false)).filter((p) => (p.amount > 0 ? input.includeWithResidue : input.includeWithoutResidue));
  const groups: ResidueExportGroup[] = [];
  for (const source of [1, 2] as const) {
    for (const part of [1, 2] as const) {
      const inGroup = positions.filter((p) => (p.chapter.chapterYear === scope.year) === (source === 1) && p.chapter.part === part);
      if (inGroup.length > 0) groups.push({ source, part, positions: inGroup, totals: groupTotals(inGroup) });
    }
  }
  return {
    source: input.source,
    isDetailed: input.detailed,
    includeWithResidue: input.includeWithResidue,
    includeWithoutResidue: input.includeWithoutResidue,
    groups,
    positions: groups.flatMap((g) => g.positions),
  };
}
