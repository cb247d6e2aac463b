import {
  CategoryInput,
  CategoryPatchInput,
  CategoryUpdateInput,
  ChapterInput,
  ChapterListInput,
  ChapterLookupInput,
  ChapterPatchInput,
  ChapterPickerInput,
  ChapterUpdateInput,
  ChartCopyInput,
  ChartExportInput,
  ChartItemId,
  ChartListInput,
  ChartScopeInput,
  ChartUnlockInput,
  EtsInput,
  TitleInput,
  TitlePatchInput,
  TitleUpdateInput,
} from '@app/domain';
import * as chart from '../services/chart.ts';
import { copyChart } from '../services/chartCopy.ts';
import { setChartUnlocked } from '../services/years.ts';
import { authedProcedure, router } from '../trpc.ts';

/** Chart of accounts per area and year: titles, categories, chapters, picker, ETS, export, copy. */
export const chartRouter = router({
  status: authedProcedure.input(ChartScopeInput).query(({ ctx, input }) => chart.chartStatus(ctx.db, ctx.session, input)),

  titles: router({
    list: authedProcedure.input(ChartListInput).query(({ ctx, input }) => chart.listTitles(ctx.db, ctx.session, input)),
    get: authedProcedure.input(ChartItemId).query(({ ctx, input }) => chart.getTitle(ctx.db, ctx.session, input)),
    template: authedProcedure.input(ChartScopeInput).query(({ ctx, input }) => chart.titleTemplate(ctx.db, ctx.session, input)),
    create: authedProcedure.input(TitleInput).mutation(({ ctx, input }) => chart.createTitle(ctx.db, ctx.session, input)),
    update: authedProcedure.input(TitleUpdateInput).mutation(({ ctx, input }) => chart.updateTitle(ctx.db, ctx.session, input)),
    patch: authedProcedure.input(TitlePatchInput).mutation(({ ctx, input }) => chart.patchTitle(ctx.db, ctx.session, input)),
    delete: authedProcedure.input(ChartItemId).mutation(({ ctx, input }) => chart.deleteTitle(ctx.db, ctx.session, input)),
  }),

  categories: router({
    list: authedProcedure.input(ChartListInput).query(({ ctx, input }) => chart.listCategories(ctx.db, ctx.session, input)),
    get: authedProcedure.input(ChartItemId).query(({ ctx, input }) => chart.getCategory(ctx.db, ctx.session, input)),
    template: authedProcedure.input(ChartScopeInput).query(({ ctx, input }) => chart.categoryTemplate(ctx.db, ctx.session, input)),
    create: authedProcedure.input(CategoryInput).mutation(({ ctx, input }) => chart.createCategory(ctx.db, ctx.session, input)),
    update: authedProcedure.input(CategoryUpdateInput).mutation(({ ctx, input }) => chart.updateCategory(ctx.db, ctx.session, input)),
    patch: authedProcedure.input(CategoryPatchInput).mutation(({ ctx, input }) => chart.patchCategory(ctx.db, ctx.session, input)),
    delete: authedProcedure.input(ChartItemId).mutation(({ ctx, input }) => chart.deleteCategory(ctx.db, ctx.session, input)),
  }),

  chapters: router({
    list: authedProcedure.input(ChapterListInput).query(({ ctx, input }) => chart.listChapters(ctx.db, ctx.session, input)),
    get: authedProcedure.input(ChartItemId).query(({ ctx, input }) => chart.getChapter(ctx.db, ctx.session, input)),
    template: authedProcedure.input(ChartScopeInput).query(({ ctx, input }) => chart.chapterTemplate(ctx.db, ctx.session, input)),
    create: authedProcedure.input(ChapterInput).mutation(({ ctx, input }) => chart.createChapter(ctx.db, ctx.session, input)),
    update: authedProcedure.input(ChapterUpdateInput).mutation(({ ctx, input }) => chart.updateChapter(ctx.db, ctx.session, input)),
    patch: authedProcedure.input(ChapterPatchInput).mutation(({ ctx, input }) => chart.patchChapter(ctx.db, ctx.session, input)),
    delete: authedProcedure.input(ChartItemId).mutation(({ ctx, input }) => chart.deleteChapter(ctx.db, ctx.session, input)),
    /** The chapter picker overlay (pages of 20). */
    pick: authedProcedure.input(ChapterPickerInput).query(({ ctx, input }) => chart.pickChapters(ctx.db, ctx.session, input)),
    /** Exact lookup of a typed 5-character code; ChapterNotFound when missing. */
    byCode: authedProcedure.input(ChapterLookupInput).query(({ ctx, input }) => chart.chapterByCode(ctx.db, ctx.session, input)),
  }),

  ets: authedProcedure.input(EtsInput).query(({ ctx, input }) => chart.etsChart(ctx.db, input)),
  export: authedProcedure.input(ChartExportInput).query(({ ctx, input }) => chart.chartExport(ctx.db, input)),
  copy: authedProcedure.input(ChartCopyInput).mutation(({ ctx, input }) => copyChart(ctx.db, ctx.session, input)),
  /** chartOfAccounts/unlock: keeps the chart of an area and year editable after approvals. */
  unlock: authedProcedure.input(ChartUnlockInput).mutation(({ ctx, input }) => setChartUnlocked(ctx.db, ctx.session, input)),
});
