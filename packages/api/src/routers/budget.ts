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
import { chapterBefore } from '../services/budget/changeFigures.ts';
import * as changes from '../services/budget/changes.ts';
import { getBudgetChapter, listBudgetChapters } from '../services/budget/chapters.ts';
import { forecastSummary, getForecastPart, saveForecastPart } from '../services/budget/forecast.ts';
import * as prints from '../services/budget/prints.ts';
import { getSurplus, saveSurplus } from '../services/budget/surplus.ts';
import { approvedFinalSurplus } from '../services/finalBalance/figures.ts';
import { authedProcedure, bookingProcedure, router } from '../trpc.ts';
import { cachedRead } from '../readCache.ts';

/**
 * The budget of the scope: forecast, surplus, approval, changes, adjustment, chapter figures and
 * print data. Any user linked to the department may use it (spec 1 §6: editability follows the
 * server's flags); the rules live in the services. Every procedure that answers with amounts declares
 * its output schema (packages/domain/src/budgetOutputs.ts: amounts as Cents, which the REST adapter sends in euros).
 */
export const budgetRouter = router({
  chapters: bookingProcedure
    .input(BudgetChaptersInput)
    .use(cachedRead)
    .output(BudgetChapterPageOutput)
    .query(({ ctx, input }) => listBudgetChapters(ctx.db, ctx.bookingScope, input)),
  chapter: bookingProcedure
    .input(BudgetChapterInput)
    .use(cachedRead)
    .output(BudgetChapterOutput)
    .query(({ ctx, input }) => getBudgetChapter(ctx.db, ctx.bookingScope, input)),

  forecast: router({
    summary: bookingProcedure
      .input(ScopeInput)
      .output(ForecastSummaryOutput)
      .query(({ ctx }) => forecastSummary(ctx.db, ctx.bookingScope)),
    get: bookingProcedure
      .input(ForecastPartInput)
      .output(ForecastPartOutput)
      .query(({ ctx, input }) => getForecastPart(ctx.db, ctx.bookingScope, input)),
    save: bookingProcedure
      .input(ForecastSaveInput)
      .output(ForecastPartOutput)
      .mutation(({ ctx, input }) => saveForecastPart(ctx.db, ctx.bookingScope, input)),
    /** approval: a date approves, null clears; answers true. */
    approve: bookingProcedure
      .input(ForecastApproveInput)
      .output(z.literal(true))
      .mutation(({ ctx, input }) => approveForecast(ctx.db, ctx.bookingScope, input)),
  }),

  surplus: router({
    get: bookingProcedure
      .input(ScopeInput)
      .output(SurplusOutput)
      .query(({ ctx }) => getSurplus(ctx.db, ctx.bookingScope)),
    save: bookingProcedure
      .input(SurplusSaveInput)
      .output(SurplusOutput)
      .mutation(({ ctx, input }) => saveSurplus(ctx.db, ctx.bookingScope, input)),
  }),

  changes: router({
    list: bookingProcedure
      .input(ScopeInput)
      .output(z.array(BudgetChangeBriefOutput))
      .query(({ ctx }) => changes.listChanges(ctx.db, ctx.bookingScope)),
    get: bookingProcedure
      .input(BudgetChangeRecordInput)
      .output(BudgetChangeOutput)
      .query(({ ctx, input }) => changes.getChange(ctx.db, ctx.bookingScope, input)),
    create: bookingProcedure
      .input(BudgetChangeCreateInput)
      .output(BudgetChangeOutput)
      .mutation(({ ctx, input }) => changes.createChange(ctx.db, ctx.bookingScope, input)),
    save: bookingProcedure
      .input(BudgetChangeInput)
      .output(BudgetChangeOutput)
      .mutation(({ ctx, input }) => changes.saveChange(ctx.db, ctx.bookingScope, input)),
    /** Deletes the latest change while nothing depends on it (InUse otherwise); answers true. */
    delete: bookingProcedure
      .input(BudgetChangeRecordInput)
      .output(z.literal(true))
      .mutation(({ ctx, input }) => changes.deleteChange(ctx.db, ctx.bookingScope, input)),
    chapterBefore: bookingProcedure
      .input(ChapterBeforeInput)
      .output(BudgetChapterOutput)
      .query(({ ctx, input }) => chapterBefore(ctx.db, ctx.bookingScope, input)),
  }),

  adjustment: router({
    get: bookingProcedure
      .input(AdjustmentGetInput)
      .output(BudgetAdjustmentOutput.nullable())
      .query(({ ctx, input }) => changes.getAdjustment(ctx.db, ctx.bookingScope, input, approvedFinalSurplus)),
    create: bookingProcedure
      .input(AdjustmentCreateInput)
      .output(BudgetAdjustmentOutput)
      .mutation(({ ctx, input }) => changes.createAdjustment(ctx.db, ctx.bookingScope, input, approvedFinalSurplus)),
    save: bookingProcedure
      .input(AdjustmentInput)
      .output(BudgetAdjustmentOutput)
      .mutation(({ ctx, input }) => changes.saveAdjustment(ctx.db, ctx.bookingScope, input, approvedFinalSurplus)),
  }),

  prints: router({
    /** Forecast print data; departmentId optional (an empty form of the area without it). */
    forecast: authedProcedure
      .input(ForecastExportInput)
      .output(ForecastExportOutput)
      .query(({ ctx, input }) => prints.forecastExport(ctx.db, ctx.session, input, todayIso(ctx.now()))),
    changesByChapter: bookingProcedure
      .input(ChangesByChapterInput)
      .output(ChangesByChapterOutput)
      .query(({ ctx, input }) => prints.changesByChapter(ctx.db, ctx.bookingScope, input)),
    adjustmentProtocol: bookingProcedure
      .input(ScopeInput)
      .output(AdjustmentProtocolOutput)
      .query(({ ctx }) => prints.adjustmentProtocol(ctx.db, ctx.bookingScope)),
    changesProtocol: bookingProcedure
      .input(ChangesProtocolInput)
      .output(ChangesProtocolOutput)
      .query(({ ctx, input }) => prints.changesProtocol(ctx.db, ctx.bookingScope, input)),
  }),
});
