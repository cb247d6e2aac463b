import { z } from 'zod';
import { Id, safeString } from './primitives.ts';
import { Cents, PositiveCents } from './money.ts';
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
 * The bounds of a final residue (DOMAIN.md "Year end", decision 14): at least 0 and the remaining
 * reservations, at most the availability (expenses: availableAfterDonePayments; revenues: toReceive,
 * the same figure budgetFinal − payments). When the availability is below the reservations (an
 * overspent line), the maximum wins the lower bound too: `minimum = min(reservations, maximum)` never
 * exceeds `maximum`, and a maximum below 0 is 0. `proposal` (pre-fill and copy button) = open payments
 * + remaining reservations, within the bounds.
 */
export interface ResidueBounds {
  minimum: number;
  maximum: number;
  proposal: number;
}

export function residueBounds(f: { budgetFinal: number; payments: number; openPayments: number; reservations: number }): ResidueBounds {
  const maximum = Math.max(0, f.budgetFinal - f.payments);
  const minimum = Math.min(Math.max(0, f.reservations), maximum);
  const proposal = Math.min(maximum, Math.max(minimum, f.openPayments + f.reservations));
  return { minimum, maximum, proposal };
}

/** Why a typed final residue is refused: below 0 → InvalidValue; below the reservations or above the availability → SmallerThanExistingResidue / InvalidValue. */
export type ResidueBoundError = 'InvalidValue' | 'SmallerThanExistingResidue' | null;

/**
 * Checks one typed final residue against its bounds (DOMAIN decision 14): below 0 or above the
 * availability is InvalidValue, below the remaining reservation SmallerThanExistingResidue.
 */
export function checkResidueAmount(amount: number, bounds: ResidueBounds): ResidueBoundError {
  if (amount < 0 || amount > bounds.maximum) return 'InvalidValue';
  if (amount < bounds.minimum) return 'SmallerThanExistingResidue';
  return null;
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
  /** The bounds (decision 14): the input refuses below `minimum` and above `maximum`. */
  minimum: Cents,
  maximum: Cents,
  proposal: Cents,
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
 * 2 residue), each by its line id (`budgetId`). One transaction: any refused amount refuses all
 * (InvalidValue / SmallerThanExistingResidue naming `positions.<i>.amount`); a line of another
 * source or scope is InvalidValue (`positions.<i>.budgetId`). Non-editable lines of the source
 * (availability 0) are determined with 0 by the same save. BudgetClosed once the final account is approved.
 */
export const ResidueFinalSaveInput = ScopeInput.extend({
  budgetType: DeterminationSourceSchema,
  positions: z.array(z.object({ budgetId: Id, amount: Cents })).max(5000),
});
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
