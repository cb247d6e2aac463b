import {
  AdjustmentCreateInput,
  AdjustmentGetInput,
  AdjustmentInput,
  AdjustmentProtocolOutput,
  BudgetAdjustmentOutput,
  BudgetChangeBriefOutput,
  BudgetChangeCreateInput,
  BudgetChangeInput,
  BudgetChangeOutput,
  BudgetChangeRecordInput,
  BudgetChapterInput,
  BudgetChapterOutput,
  BudgetChapterPageOutput,
  BudgetChaptersInput,
  ChangesByChapterInput,
  ChangesByChapterOutput,
  ChangesProtocolInput,
  ChangesProtocolOutput,
  ChapterBeforeInput,
  ForecastApproveInput,
  ForecastExportInput,
  ForecastExportOutput,
  ForecastPartInput,
  ForecastPartOutput,
  ForecastSaveInput,
  ForecastSummaryOutput,
  ScopeInput,
  SurplusOutput,
  SurplusSaveInput,
  todayIso,
} from '@app/domain';
import { z } from 'zod';
import { approveForecast } from '../services/budget/approval.ts';
import * as changes from '../services/budget/changes.ts';
import { getBudgetChapter, listBudgetChapters } from '../services/budget/chapters.ts';
import { forecastSummary, getForecastPart, saveForecastPart } from '../services/budget/forecast.ts';
import * as prints from '../services/budget/prints.ts';
import { getSurplus, saveSurplus } from '../services/budget/surplus.ts';
import { approvedFinalSurplus } from '../services/finalBalance/figures.ts';
import { authedProcedure, router, scopedProcedure } from '../trpc.ts';

/**
 * The budget of the scope: forecast, surplus, approval, changes, adjustment, chapter figures and
 * print data. Any user linked to the department may use it (spec 1 §6: editability follows the
 * server's flags); the rules live in the services. Every procedure that answers with amounts declares
 * its output schema (budgetOutputs.ts: amounts as Cents, which the REST adapter sends in euros).
 */
const budgetProcedure = scopedProcedure.use(({ ctx, next }) => next({ ctx: { budgetScope: { ...ctx.scope, today: todayIso(ctx.now()) } } }));

export const budgetRouter = router({
  chapters: budgetProcedure
    .input(BudgetChaptersInput)
    .output(BudgetChapterPageOutput)
    .query(({ ctx, input }) => listBudgetChapters(ctx.db, ctx.budgetScope, input)),
  chapter: budgetProcedure
    .input(BudgetChapterInput)
    .output(BudgetChapterOutput)
    .query(({ ctx, input }) => getBudgetChapter(ctx.db, ctx.budgetScope, input)),

  forecast: router({
    summary: budgetProcedure
      .input(ScopeInput)
      .output(ForecastSummaryOutput)
      .query(({ ctx }) => forecastSummary(ctx.db, ctx.budgetScope)),
    get: budgetProcedure
      .input(ForecastPartInput)
      .output(ForecastPartOutput)
      .query(({ ctx, input }) => getForecastPart(ctx.db, ctx.budgetScope, input)),
    save: budgetProcedure
      .input(ForecastSaveInput)
      .output(ForecastPartOutput)
      .mutation(({ ctx, input }) => saveForecastPart(ctx.db, ctx.budgetScope, input)),
    /** approval: a date approves, null clears; answers true. */
    approve: budgetProcedure
      .input(ForecastApproveInput)
      .output(z.literal(true))
      .mutation(({ ctx, input }) => approveForecast(ctx.db, ctx.budgetScope, input)),
  }),

  surplus: router({
    get: budgetProcedure
      .input(ScopeInput)
      .output(SurplusOutput)
      .query(({ ctx }) => getSurplus(ctx.db, ctx.budgetScope)),
    save: budgetProcedure
      .input(SurplusSaveInput)
      .output(SurplusOutput)
      .mutation(({ ctx, input }) => saveSurplus(ctx.db, ctx.budgetScope, input)),
  }),

  changes: router({
    list: budgetProcedure
      .input(ScopeInput)
      .output(z.array(BudgetChangeBriefOutput))
      .query(({ ctx }) => changes.listChanges(ctx.db, ctx.budgetScope)),
    get: budgetProcedure
      .input(BudgetChangeRecordInput)
      .output(BudgetChangeOutput)
      .query(({ ctx, input }) => changes.getChange(ctx.db, ctx.budgetScope, input)),
    create: budgetProcedure
      .input(BudgetChangeCreateInput)
      .output(BudgetChangeOutput)
      .mutation(({ ctx, input }) => changes.createChange(ctx.db, ctx.budgetScope, input)),
    save: budgetProcedure
      .input(BudgetChangeInput)
      .output(BudgetChangeOutput)
      .mutation(({ ctx, input }) => changes.saveChange(ctx.db, ctx.budgetScope, input)),
    /** Deletes the latest change while nothing depends on it (InUse otherwise); answers true. */
    delete: budgetProcedure
      .input(BudgetChangeRecordInput)
      .output(z.literal(true))
      .mutation(({ ctx, input }) => changes.deleteChange(ctx.db, ctx.budgetScope, input)),
    chapterBefore: budgetProcedure
      .input(ChapterBeforeInput)
      .output(BudgetChapterOutput)
      .query(({ ctx, input }) => changes.chapterBefore(ctx.db, ctx.budgetScope, input)),
  }),

  adjustment: router({
    get: budgetProcedure
      .input(AdjustmentGetInput)
      .output(BudgetAdjustmentOutput.nullable())
      .query(({ ctx, input }) => changes.getAdjustment(ctx.db, ctx.budgetScope, input, approvedFinalSurplus)),
    create: budgetProcedure
      .input(AdjustmentCreateInput)
      .output(BudgetAdjustmentOutput)
      .mutation(({ ctx, input }) => changes.createAdjustment(ctx.db, ctx.budgetScope, input, approvedFinalSurplus)),
    save: budgetProcedure
      .input(AdjustmentInput)
      .output(BudgetAdjustmentOutput)
      .mutation(({ ctx, input }) => changes.saveAdjustment(ctx.db, ctx.budgetScope, input, approvedFinalSurplus)),
  }),

  prints: router({
    /** Forecast print data; departmentId optional (an empty form of the area without it). */
    forecast: authedProcedure
      .input(ForecastExportInput)
      .output(ForecastExportOutput)
      .query(({ ctx, input }) => prints.forecastExport(ctx.db, ctx.session, input, todayIso(ctx.now()))),
    changesByChapter: budgetProcedure
      .input(ChangesByChapterInput)
      .output(ChangesByChapterOutput)
      .query(({ ctx, input }) => prints.changesByChapter(ctx.db, ctx.budgetScope, input)),
    adjustmentProtocol: budgetProcedure
      .input(ScopeInput)
      .output(AdjustmentProtocolOutput)
      .query(({ ctx }) => prints.adjustmentProtocol(ctx.db, ctx.budgetScope)),
    changesProtocol: budgetProcedure
      .input(ChangesProtocolInput)
      .output(ChangesProtocolOutput)
      .query(({ ctx, input }) => prints.changesProtocol(ctx.db, ctx.budgetScope, input)),
  }),
});
