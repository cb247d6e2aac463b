import { z } from 'zod';
import { Id, safeString } from './primitives.ts';
import { boundedTotal, Cents, PositiveCents } from './money.ts';
import { PartSchema } from './chapterCode.ts';
import { LineChapterShape } from './budgetFigures.ts';
import { ChapterRef, hasChapter } from './budgetFields.ts';
import { ScopeInput, Year } from './scope.ts';
import { Num, Text } from './outputs.ts';

// Residues (spec 3 §2 Residues, §3 residue position / manual residue / carry-over row, §4, §5, §7
// Budget/Residues*, §9; DOMAIN.md "Year end" and "Decisions for part 3" 13, 14, 15): the inputs and
// answers of the residues procedures. Amounts are integer cents (`Cents`, euros on the REST wire).
// The rules live in the server's services/residues; the pure bounds here are shared with the screens.

export const RESIDUE_LIMITS = { note: 200, description: 200, search: 50 } as const;

/** Residue source (spec §9): 0 all (export only), 1 current management, 2 residue lines. */
export const ResidueSource = { All: 0, Current: 1, Residue: 2 } as const;
export type ResidueSource = (typeof ResidueSource)[keyof typeof ResidueSource];
export const ResidueSourceSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/** The determination works on one kind of line: current (1) or residue (2) lines. */
export const DeterminationSourceSchema = z.union([z.literal(1), z.literal(2)]);

/** Residue flags as a bit set (DOMAIN decision 14): 1 reservation, 2 open payment, 3 both. */
export const ResidueFlag = { Reservation: 1, OpenPayment: 2 } as const;

/** The flag bits of a line: 1 when it has remaining reservations, 2 when it has open payments. */
export function residueFlag(reservations: number, openPayments: number): number {
  return (reservations > 0 ? ResidueFlag.Reservation : 0) | (openPayments > 0 ? ResidueFlag.OpenPayment : 0);
}

/**
 * The bounds of a final residue (DOMAIN decisions 14, 23, 24), the one rule the save, the final-account
 * criteria and the determination screen use:
 * - lower bound `minimum` = open payments + remaining reservations of the line together (what is owed
 *   and committed must be carried);
 * - upper bound `maximum` = the line's availability (expenses availableAfterDonePayments, revenues
 *   toReceive: both budgetFinal − payments), never below 0;
 * - an expense line is `overspent` when its availability is below its lower bound (below 0, or the open
 *   payments and reservations exceed it: availableAfterPlannedExpenses < 0): no residue fits, the budget
 *   must be raised first. A revenue line collected beyond its budget is not overspent (its residue is 0).
 * - `proposal` (pre-fill and copy button) = the lower bound (open payments + remaining reservations); 0
 *   on an overspent line.
 */
export interface ResidueBounds {
  minimum: number;
  maximum: number;
  proposal: number;
  overspent: boolean;
}

/** What a line's bounds are computed from (chapter figures; `part` 2 = expenses). */
export interface ResidueBoundsInput {
  part: number;
  budgetFinal: number;
  payments: number;
  openPayments: number;
  reservations: number;
}

export function residueBounds(f: ResidueBoundsInput): ResidueBounds {
  const available = f.budgetFinal - f.payments;
  const minimum = Math.max(0, f.openPayments + f.reservations);
  const maximum = Math.max(0, available);
  const overspent = f.part === 2 && (available < 0 || minimum > maximum);
  return { minimum, maximum, proposal: overspent ? 0 : minimum, overspent };
}

/**
 * Why a final residue does not fit its line (null: it fits): `overspent` (no residue fits until the
 * budget is raised), `belowMinimum` (below open payments + remaining reservations, or below 0),
 * `aboveMaximum` (above the availability). The save refuses each with InvalidValue and the bounds.
 */
export type ResidueProblem = 'overspent' | 'belowMinimum' | 'aboveMaximum';

export function residueProblem(amount: number, bounds: Pick<ResidueBounds, 'minimum' | 'maximum' | 'overspent'>): ResidueProblem | null {
  if (bounds.overspent) return 'overspent';
  if (amount < bounds.minimum) return 'belowMinimum';
  if (amount > bounds.maximum) return 'aboveMaximum';
  return null;
}

/** The bounds a residue was determined within (stored with it), null when not known (determined before they were stored). */
export interface DeterminedBounds {
  minimum: number;
  maximum: number;
}

/**
 * A determined line changed after its determination (DOMAIN decision 24): its bounds now differ from
 * the ones stored when it was determined (a booking, payment or reservation moved its open payments,
 * reservations or availability). Unknown stored bounds: changed only when the residue no longer fits.
 */
export function residueChanged(finalResidue: number | null, stored: DeterminedBounds | null, bounds: ResidueBounds): boolean {
  if (finalResidue === null) return false;
  if (residueProblem(finalResidue, bounds) !== null) return true;
  return stored !== null && (stored.minimum !== bounds.minimum || stored.maximum !== bounds.maximum);
}

/**
 * Decision 23: may a line of Y carried into Y+1 get the figure `figure` (a new residue, or when its
 * determination is cleared, its lower bound — every later determination is at least that)? Not when
 * Y+1 already used the carried line beyond it: `figure` + Y+1's changes on the line below what Y+1 paid,
 * owes and reserves on it (a raise is always allowed). Null: allowed; else the amount Y+1 uses.
 */
export function carriedLineShortfall(figure: number, next: { budgetInitial: number; budgetChanges: number; used: number }): number | null {
  if (figure >= next.budgetInitial) return null;
  return figure + next.budgetChanges < next.used ? next.used : null;
}

// ---- determination (Budget/Residues/Final) ------------------------------------------------------

/** Budget/Residues/Final GET: the positions of one source (1 current, 2 residue lines). */
export const ResidueFinalInput = ScopeInput.extend({ source: DeterminationSourceSchema.default(1) });
export type ResidueFinalInput = z.infer<typeof ResidueFinalInput>;

/** The chapter of a residue position (spec §3 "Residue position": chapter). */
export const ResidueChapter = z.object(LineChapterShape);
export type ResidueChapter = z.infer<typeof ResidueChapter>;

/** The budget of a residue position (spec §3: budget). */
export const ResidueBudget = z.object({
  /** The chapter line's id (what PUT Budget/Residues/Final names). */
  budgetId: Num,
  /** Instalment (current line) or residue (residue line): budgetFinal = initial + changes. */
  allocated: Cents,
  /** Revenues collected or payments made on the line. */
  payments: Cents,
  /** The availability: budgetFinal − payments (expenses availableAfterDonePayments, revenues toReceive). */
  available: Cents,
  /** The determined final residue; null while not determined. */
  finalResidue: Cents.nullable(),
  reservations: Cents,
  openPayments: Cents,
  /** Bit set (DOMAIN decision 14): 1 reservation, 2 open payment, 3 both, 0 none. */
  flag: Num,
});
export type ResidueBudget = z.infer<typeof ResidueBudget>;

export const ResiduePosition = z.object({
  chapter: ResidueChapter,
  budget: ResidueBudget,
  /** The amount may be typed (budget open, availability above 0). */
  isEditable: z.boolean(),
  /** The final residue when determined, else the proposal (open payments + remaining reservations, within the bounds). */
  amount: Cents,
  isDetermined: z.boolean(),
  /** The bounds (decisions 14, 24): the input refuses below `minimum` (open payments + reservations) and above `maximum` (the availability). */
  minimum: Cents,
  maximum: Cents,
  /** Open payments + remaining reservations (what the copy button and the pre-fill propose); 0 when overspent. */
  proposal: Cents,
  /** An expense line whose availability is below its open payments + reservations: no residue fits, the budget must be raised first (never determined by a save). */
  isOverspent: z.boolean(),
  /** Determined, and its figures changed after the determination (decision 24): see `isOutOfBounds` whether the residue still fits. */
  isChanged: z.boolean(),
  /** Determined with a residue outside its current bounds: the final account's criterion "residues" fails until it is determined again. */
  isOutOfBounds: z.boolean(),
});
export type ResiduePosition = z.infer<typeof ResiduePosition>;

export const ResidueFinal = z.object({
  source: ResidueSourceSchema,
  positions: z.array(ResiduePosition),
  /** The final account is approved: every residue write is refused (BudgetClosed). */
  isBudgetClosed: z.boolean(),
  /** Every line of the scope (both sources) has a determined final residue. */
  allDetermined: z.boolean(),
});
export type ResidueFinal = z.infer<typeof ResidueFinal>;

/**
 * Budget/Residues/Final PUT: the final residues of the lines of one source (`budgetType` 1 current,
 * 2 residue), each by its line id (`budgetId`); `amount: null` clears the line's determination
 * (decision 23). One transaction: any refused amount refuses all (InvalidValue with the bounds naming
 * `positions.<i>.amount`; SmallerThanExistingResidue when Y+1 already used the carried line beyond the
 * new figure); a line of another source or scope is InvalidValue (`positions.<i>.budgetId`). A save
 * with an amount also determines the lines of the source that can hold no residue (availability 0,
 * nothing owed) with 0; overspent lines are never determined. BudgetClosed once the final account is approved.
 */
export const ResidueFinalSaveInput = ScopeInput.extend({
  budgetType: DeterminationSourceSchema,
  positions: z.array(z.object({ budgetId: Id, amount: Cents.nullable() })).max(5000),
}).superRefine(boundedTotal('positions', (v) => v.positions.map((p) => p.amount ?? 0)));
export type ResidueFinalSaveInput = z.infer<typeof ResidueFinalSaveInput>;

// ---- export (Budget/Residues/Export) -------------------------------------------------------------

/**
 * Budget/Residues/Export GET (spec §7; value filter of decision 14): `includeWithResidue` and
 * `includeWithoutResidue` (both true: all; value filter 0 ↔ (true,false), 1 ↔ (false,true),
 * 2 ↔ (true,true)); a line "with residue" has a final residue (determined, or the proposal while not) above 0.
 */
export const ResidueExportInput = ScopeInput.extend({
  source: ResidueSourceSchema.default(0),
  includeWithoutResidue: z.boolean().default(true),
  includeWithResidue: z.boolean().default(true),
  detailed: z.boolean().default(false),
});
export type ResidueExportInput = z.infer<typeof ResidueExportInput>;

export const ResidueExportTotals = z.object({
  allocated: Cents,
  payments: Cents,
  available: Cents,
  reservations: Cents,
  openPayments: Cents,
  finalResidue: Cents,
});
export type ResidueExportTotals = z.infer<typeof ResidueExportTotals>;

/** Positions per source (current first, then residue lines), each group with its totals per part. */
export const ResidueExportGroup = z.object({
  source: DeterminationSourceSchema,
  part: PartSchema,
  positions: z.array(ResiduePosition),
  totals: ResidueExportTotals,
});
export type ResidueExportGroup = z.infer<typeof ResidueExportGroup>;

export const ResidueExport = z.object({
  source: ResidueSourceSchema,
  isDetailed: z.boolean(),
  includeWithResidue: z.boolean(),
  includeWithoutResidue: z.boolean(),
  groups: z.array(ResidueExportGroup),
  /** All positions of the groups in order (the spec's flat list). */
  positions: z.array(ResiduePosition),
});
export type ResidueExport = z.infer<typeof ResidueExport>;

// ---- carry-over (Budget/Residues/CarryOver) ------------------------------------------------------

/** Why a carry-over can't run (null: it can). */
export const CarryOverBlock = z.enum(['BudgetClosed', 'UndeterminedResidues', 'NoPreviousYear', 'BudgetNotApproved']);
export type CarryOverBlock = z.infer<typeof CarryOverBlock>;

/**
 * What a re-run of the carry-over would do to a residue line of Y+1 (issue 24 item 8): `create` a line
 * for a line of Y that carries something, `update` its residue to Y's final residue, `remove` a carried
 * line whose source carries nothing any more (or is gone) and on which nothing is booked, reserved or
 * changed; `keep` such a line that something stands on (it stays, at 0).
 */
export const CarryOverAction = z.enum(['create', 'update', 'remove', 'keep']);
export type CarryOverAction = z.infer<typeof CarryOverAction>;

/** A residue line of Y+1 that differs from Y: `carried` its residue in Y+1 (null: no line yet), `current` Y's final residue (null: not determined or no line). */
export const CarryOverLineDifference = z.object({
  chapter: Text,
  chapterYear: Num,
  part: PartSchema,
  descriptionDeu: Text,
  descriptionIta: Text,
  carried: Cents.nullable(),
  current: Cents.nullable(),
  action: CarryOverAction,
  /** The line stays only because something is booked, reserved or changed on it (its source carries nothing, or is gone). */
  kept: z.boolean(),
});
export type CarryOverLineDifference = z.infer<typeof CarryOverLineDifference>;

/** An open reservation of Y whose continuation in Y+1 differs: `carried` booked in Y+1 (null: not carried yet), `current` what remains of it in Y. */
export const CarryOverReservationDifference = z.object({
  recordNumber: Num,
  chapter: Text,
  chapterYear: Num,
  note: Text,
  carried: Cents.nullable(),
  current: Cents,
});
export type CarryOverReservationDifference = z.infer<typeof CarryOverReservationDifference>;

/**
 * Budget/Residues/CarryOver GET, asked in the target year Y+1 (DOMAIN decision 13): `possible` (the
 * spec's boolean), the years of the heading ("previousYear → year"), why not, and whether it ran before
 * (a re-run updates). After a carry-over, `outOfDate` when Y changed since (issue 24 item 8): the lines
 * and reservations that differ, what a re-run does to each (`keep`: informational, not out of date).
 */
export const CarryOverState = z.object({
  possible: z.boolean(),
  previousYear: Num,
  year: Num,
  isBudgetClosed: z.boolean(),
  reason: CarryOverBlock.nullable(),
  /** Residue lines carried from the previous year already exist (a re-run updates them). */
  carriedBefore: z.boolean(),
  /** Lines of the previous year still without a final residue. */
  undetermined: Num,
  /** Carried before, and a line or reservation of Y+1 no longer matches Y. */
  outOfDate: z.boolean(),
  lines: z.array(CarryOverLineDifference),
  reservations: z.array(CarryOverReservationDifference),
});
export type CarryOverState = z.infer<typeof CarryOverState>;

/** Budget/Residues/CarryOver PUT: what the run did (all 0 on an idempotent re-run). */
export const CarryOverResult = z.object({
  linesCreated: Num,
  linesUpdated: Num,
  /** Carried lines of Y+1 whose source carries nothing any more, removed (nothing stood on them). */
  linesRemoved: Num,
  /** Such lines kept at 0 because something is booked, reserved or changed on them. */
  linesKept: Num,
  reservationsCarried: Num,
  reservationsUpdated: Num,
  /** Unpaid instalments of the previous year (and earlier) now counted on the new residue lines. */
  instalmentsMoved: Num,
});
export type CarryOverResult = z.infer<typeof CarryOverResult>;

/** A carry-over report row (spec §3): the line's chapter year, chapter, names, the previous year's final residue and the new line's residue. */
export const CarryOverRow = z.object({
  year: Num,
  chapter: Text,
  part: PartSchema,
  descriptionDeu: Text,
  descriptionIta: Text,
  previousYear: Cents,
  currentYear: Cents,
});
export type CarryOverRow = z.infer<typeof CarryOverRow>;

export const CarryOverReport = z.object({
  previousYear: Num,
  year: Num,
  rows: z.array(CarryOverRow),
  totals: z.object({ previousYear: Cents, currentYear: Cents }),
});
export type CarryOverReport = z.infer<typeof CarryOverReport>;

// ---- manual residues (Budget/Residues) -----------------------------------------------------------

/** Budget/Residues GET: the manual residues of the scope; `search` matches year, chapter and names. */
export const ManualResidueListInput = ScopeInput.extend({
  search: safeString().trim().max(RESIDUE_LIMITS.search, 'TooLong').default(''),
});
export type ManualResidueListInput = z.infer<typeof ManualResidueListInput>;

/** A manual residue (spec §3): a residue line typed in the department's first year (DOMAIN decision 15). */
export const ManualResidue = z.object({
  /** The residue line's id. */
  id: Num,
  /** The line's chapter year (the residue's year; spec name). */
  year: Num,
  /** The same as `year` (the name the save input uses: `year` of an input is the scope year). */
  chapterYear: Num,
  chapterId: Num,
  chapter: Text,
  part: PartSchema,
  descriptionDeu: Text,
  descriptionIta: Text,
  /** The chapter names are typed per line (empty chapter): ChapterDescriptionNeeded when missing. */
  isEditable: z.boolean(),
  amount: Cents,
  note: Text,
  /** What movements and reservations use on the line (payments + open payments + remaining reservations). */
  used: Cents,
  /** Nothing is booked or reserved on the line. */
  isDeletable: z.boolean(),
});
export type ManualResidue = z.infer<typeof ManualResidue>;

export const ManualResidueList = z.object({
  rows: z.array(ManualResidue),
  /** The scope year is the department's first year (manual residues exist only there). */
  isFirstYear: z.boolean(),
  isBudgetClosed: z.boolean(),
  /** Writes allowed: first year, forecast approved, budget not closed, year not locked. */
  editable: z.boolean(),
});
export type ManualResidueList = z.infer<typeof ManualResidueList>;

/**
 * Budget/Residues POST (DOMAIN decision 15): a new manual residue (`id` null) or the saved one
 * changed. `chapterYear` (the residue's year — the spec's "year"; `year` is the scope year — before the
 * scope year: InvalidValue) and the chapter (of the
 * chart of that year: ChapterNotFound); an empty chapter needs both names (ChapterDescriptionNeeded);
 * one line per (year, chapter) (InvalidValue when another exists); `amount` ≥ 0 and not below what
 * the line already uses (SmallerThanExistingResidue). Refused outside the first year (Forbidden),
 * BudgetClosed, ResiduelNotFound for an unknown id.
 */
export const ManualResidueSaveInput = ScopeInput.extend({
  id: Id.nullish().transform((v) => v ?? null),
  chapterYear: Year,
  ...ChapterRef,
  descriptionDeu: safeString().trim().max(RESIDUE_LIMITS.description, 'TooLong').default(''),
  descriptionIta: safeString().trim().max(RESIDUE_LIMITS.description, 'TooLong').default(''),
  amount: PositiveCents,
  note: safeString().trim().max(RESIDUE_LIMITS.note, 'TooLong').default(''),
}).refine(hasChapter, { message: 'Required', path: ['chapter'] });
export type ManualResidueSaveInput = z.input<typeof ManualResidueSaveInput>;
export type ManualResidueSave = z.infer<typeof ManualResidueSaveInput>;

/** Budget/Residues DELETE: by id (ResiduelNotFound; CannotDeleteUsed while booked or reserved on). */
export const ManualResidueKey = ScopeInput.extend({ id: Id });
export type ManualResidueKey = z.infer<typeof ManualResidueKey>;

export const ManualResidueDeleteResult = z.object({ deleted: z.boolean(), id: Num });
export type ManualResidueDeleteResult = z.infer<typeof ManualResidueDeleteResult>;
