import { z } from 'zod';
import type { BudgetAdjustment, BudgetChange, BudgetChangeBrief, BudgetChangePosition, BudgetChangeTotals } from './budgetChanges.ts';
import { type BudgetChapter, BudgetChapterSchema, ChapterNameFields } from './budgetFigures.ts';
import type {
  AdjustmentProtocol,
  ChangesByChapter,
  ChangesProtocol,
  ForecastExport,
  PrintDepartment,
  ProtocolPosition,
  ProtocolSession,
} from './budgetPrint.ts';
import { PartSchema } from './chapterCode.ts';
import type { BalanceCheckResult, ForecastPart, ForecastSummary, Surplus } from './forecast.ts';
import { Cents } from './money.ts';
import { NullText, Num, pageOf, Text } from './outputs.ts';
import type { Page } from './paging.ts';

/**
 * The answers of the budget procedures as schemas: every amount is `Cents` (marked as money, so the
 * REST adapter sends it in euros), every other number a plain number. Strict objects: a field the
 * service answers but the schema does not know is an output validation error, so no amount can leave
 * unmarked. Each schema is typed by the domain interface it describes (the procedure types stay).
 */

export const BudgetChapterOutput: z.ZodType<BudgetChapter> = BudgetChapterSchema;

export const BudgetChapterPageOutput: z.ZodType<Page<BudgetChapter>> = pageOf(BudgetChapterOutput);

const CheckResult: z.ZodType<BalanceCheckResult> = z.strictObject({ ok: z.boolean(), difference: Cents });

export const ForecastSummaryOutput: z.ZodType<ForecastSummary> = z.strictObject({
  departmentId: Num,
  year: Num,
  titles: z.array(z.strictObject({ title: Num, revenues: Cents, expenses: Cents, surplus: Cents })),
  totals: z.strictObject({ revenues: Cents, expenses: Cents, surplusUsed: Cents, surplus: Cents }),
  isBalanced: z.strictObject({ total: z.boolean(), title1: z.boolean(), title3: z.boolean() }),
  checks: z.strictObject({ total: CheckResult, title1: CheckResult, title3: CheckResult }),
  isEmpty: z.boolean(),
  approval: NullText,
  isEditable: z.boolean(),
});

export const ForecastPartOutput: z.ZodType<ForecastPart> = z.strictObject({
  departmentId: Num,
  year: Num,
  part: PartSchema,
  isEditable: z.boolean(),
  isPreviousYearBudgetEditable: z.boolean(),
  positions: z.array(
    z.strictObject({
      chapterId: Num,
      chapter: Text,
      title: Num,
      chapterDescriptionDeu: Text,
      chapterDescriptionIta: Text,
      isEditable: z.boolean(),
      amountCurrYear: Cents,
      amountPrevYear: Cents,
      reminder: z.boolean(),
      notes: Text,
    }),
  ),
});

export const SurplusOutput: z.ZodType<Surplus> = z.strictObject({
  cashBalance: Cents,
  revenuesActual: Cents,
  revenuesResidue: Cents,
  expensesActual: Cents,
  expensesResidue: Cents,
  surplusUsed: Cents,
  surplus: Cents,
  isEditable: z.boolean(),
});

const changeBrief = { id: Num, recordNumber: Num, approved: NullText, notes: Text };
export const BudgetChangeBriefOutput: z.ZodType<BudgetChangeBrief> = z.strictObject(changeBrief);

const ChangePosition: z.ZodType<BudgetChangePosition> = z.strictObject({
  ...ChapterNameFields,
  isEditable: z.boolean(),
  budgetBeforeChange: Cents,
  changeAmount: Cents,
  budget: Cents,
});
const ChangeTotals: z.ZodType<BudgetChangeTotals> = z.strictObject({ revenues: Cents, expenses: Cents, balance: Cents });
const change = { ...changeBrief, isEditable: z.boolean(), positions: z.array(ChangePosition), totals: ChangeTotals };

export const BudgetChangeOutput: z.ZodType<BudgetChange> = z.strictObject(change);
export const BudgetAdjustmentOutput: z.ZodType<BudgetAdjustment> = z.strictObject({
  ...change,
  surplusActual: Cents,
  surplusPlanned: Cents,
  surplusFinalAccount: Cents.nullable(),
});

// ---- prints ------------------------------------------------------------------------------------

const Area = z.union([z.literal(1), z.literal(2), z.literal(3)]);

const Department: z.ZodType<PrintDepartment> = z.strictObject({
  id: Num,
  code: Text,
  nameDeu: Text,
  nameIta: Text,
  area: Area,
  cashierRole: z.enum(['cashier', 'accountant']),
  cashierName: Text,
  commanderRole: z.enum(['commander', 'president']),
  commanderName: Text,
});

export const ForecastExportOutput: z.ZodType<ForecastExport> = z.strictObject({
  financialYear: Num,
  withoutValues: z.boolean(),
  details: z
    .array(
      z.strictObject({
        part: PartSchema,
        titles: z.array(
          z.strictObject({
            part: PartSchema,
            title: Num,
            descriptionDeu: Text,
            descriptionIta: Text,
            chapters: z.array(z.strictObject({ chapter: Text, descriptionDeu: Text, descriptionIta: Text, amountCurrYear: Cents, amountPrevYear: Cents })),
            totalCurrYear: Cents,
            totalPrevYear: Cents,
          }),
        ),
        totalCurrYear: Cents,
        totalPrevYear: Cents,
      }),
    )
    .nullable(),
  summary: z
    .strictObject({
      titles: z.array(
        z.strictObject({
          title: Num,
          descriptionDeu: Text,
          descriptionIta: Text,
          revenues: Cents,
          expenses: Cents,
          revenuesPrevYear: Cents,
          expensesPrevYear: Cents,
        }),
      ),
      surplusUsed: Cents,
      surplusUsedPrevYear: Cents,
      revenues: Cents,
      expenses: Cents,
    })
    .nullable(),
  department: Department.nullable(),
  area: Area,
  approval: NullText,
  date: Text,
});

export const ChangesByChapterOutput: z.ZodType<ChangesByChapter> = z.strictObject({
  year: Num,
  department: Department,
  items: z.array(
    z.strictObject({
      ...ChapterNameFields,
      budgetInitial: Cents,
      budgetChanges: Cents,
      budgetFinal: Cents,
      changes: z.array(z.strictObject({ recordNumber: Num, approved: NullText, notes: Text, amount: Cents })),
    }),
  ),
  hasDetails: z.boolean(),
});

const ProtocolPositionOutput: z.ZodType<ProtocolPosition> = z.strictObject({
  chapter: Text,
  part: PartSchema,
  title: Num,
  descriptionDeu: Text,
  descriptionIta: Text,
  budgetBefore: Cents,
  amount: Cents,
  budgetAfter: Cents,
});
const session = { recordNumber: Num, approved: NullText, notes: Text, positions: z.array(ProtocolPositionOutput), totals: ChangeTotals };
const Session: z.ZodType<ProtocolSession> = z.strictObject(session);
const Titels = z.array(z.strictObject({ part: PartSchema, title: Num, descriptionDeu: Text, descriptionIta: Text }));

export const AdjustmentProtocolOutput: z.ZodType<AdjustmentProtocol> = z.strictObject({
  year: Num,
  department: Department,
  adjustment: z.strictObject({ ...session, surplusActual: Cents, surplusPlanned: Cents }).nullable(),
  titels: Titels,
});

export const ChangesProtocolOutput: z.ZodType<ChangesProtocol> = z.strictObject({
  year: Num,
  department: Department,
  sessions: z.array(Session),
  titels: Titels,
});
