import {
  CategoryInput,
  CategoryOutput,
  CategoryPageOutput,
  CategoryPatchInput,
  CategoryTemplateOutput,
  CategoryUpdateInput,
  ChapterBriefPageOutput,
  ChapterInput,
  ChapterListInput,
  ChapterLookupInput,
  ChapterOutput,
  ChapterPageOutput,
  ChapterPatchInput,
  ChapterPickerInput,
  ChapterTemplateOutput,
  ChapterUpdateInput,
  ChartCopyInput,
  ChartCopyOutput,
  ChartExportInput,
  ChartExportOutput,
  ChartItemId,
  ChartListInput,
  ChartScopeInput,
  ChartStatusOutput,
  ChartUnlockInput,
  DeletedRecordOutput,
  EtsInput,
  EtsOutput,
  TitleInput,
  TitleOutput,
  TitlePageOutput,
  TitlePatchInput,
  TitleTemplateOutput,
  TitleUpdateInput,
  YearStateOutput,
} from '@app/domain';
import * as categories from '../services/chart/categories.ts';
import * as chapters from '../services/chart/chapters.ts';
import { copyChart } from '../services/chart/copy.ts';
import { etsChart } from '../services/chart/ets.ts';
import { chartExport } from '../services/chart/export.ts';
import { chartStatus } from '../services/chart/scope.ts';
import * as titles from '../services/chart/titles.ts';
import { setChartUnlocked } from '../services/years.ts';
import { authedProcedure, router } from '../trpc.ts';

/** Chart of accounts per area and year: titles, categories, chapters, picker, ETS, export, copy. */
export const chartRouter = router({
  status: authedProcedure
    .input(ChartScopeInput)
    .output(ChartStatusOutput)
    .query(({ ctx, input }) => chartStatus(ctx.db, ctx.session, input)),

  titles: router({
    list: authedProcedure
      .input(ChartListInput)
      .output(TitlePageOutput)
      .query(({ ctx, input }) => titles.listTitles(ctx.db, ctx.session, input)),
    get: authedProcedure
      .input(ChartItemId)
      .output(TitleOutput)
      .query(({ ctx, input }) => titles.getTitle(ctx.db, ctx.session, input)),
    template: authedProcedure
      .input(ChartScopeInput)
      .output(TitleTemplateOutput)
      .query(({ ctx, input }) => titles.titleTemplate(ctx.db, ctx.session, input)),
    create: authedProcedure
      .input(TitleInput)
      .output(TitleOutput)
      .mutation(({ ctx, input }) => titles.createTitle(ctx.db, ctx.session, input)),
    update: authedProcedure
      .input(TitleUpdateInput)
      .output(TitleOutput)
      .mutation(({ ctx, input }) => titles.updateTitle(ctx.db, ctx.session, input)),
    patch: authedProcedure
      .input(TitlePatchInput)
      .output(TitleOutput)
      .mutation(({ ctx, input }) => titles.patchTitle(ctx.db, ctx.session, input)),
    delete: authedProcedure
      .input(ChartItemId)
      .output(DeletedRecordOutput)
      .mutation(({ ctx, input }) => titles.deleteTitle(ctx.db, ctx.session, input)),
  }),

  categories: router({
    list: authedProcedure
      .input(ChartListInput)
      .output(CategoryPageOutput)
      .query(({ ctx, input }) => categories.listCategories(ctx.db, ctx.session, input)),
    get: authedProcedure
      .input(ChartItemId)
      .output(CategoryOutput)
      .query(({ ctx, input }) => categories.getCategory(ctx.db, ctx.session, input)),
    template: authedProcedure
      .input(ChartScopeInput)
      .output(CategoryTemplateOutput)
      .query(({ ctx, input }) => categories.categoryTemplate(ctx.db, ctx.session, input)),
    create: authedProcedure
      .input(CategoryInput)
      .output(CategoryOutput)
      .mutation(({ ctx, input }) => categories.createCategory(ctx.db, ctx.session, input)),
    update: authedProcedure
      .input(CategoryUpdateInput)
      .output(CategoryOutput)
      .mutation(({ ctx, input }) => categories.updateCategory(ctx.db, ctx.session, input)),
    patch: authedProcedure
      .input(CategoryPatchInput)
      .output(CategoryOutput)
      .mutation(({ ctx, input }) => categories.patchCategory(ctx.db, ctx.session, input)),
    delete: authedProcedure
      .input(ChartItemId)
      .output(DeletedRecordOutput)
      .mutation(({ ctx, input }) => categories.deleteCategory(ctx.db, ctx.session, input)),
  }),

  chapters: router({
    list: authedProcedure
      .input(ChapterListInput)
      .output(ChapterPageOutput)
      .query(({ ctx, input }) => chapters.listChapters(ctx.db, ctx.session, input)),
    get: authedProcedure
      .input(ChartItemId)
      .output(ChapterOutput)
      .query(({ ctx, input }) => chapters.getChapter(ctx.db, ctx.session, input)),
    template: authedProcedure
      .input(ChartScopeInput)
      .output(ChapterTemplateOutput)
      .query(({ ctx, input }) => chapters.chapterTemplate(ctx.db, ctx.session, input)),
    create: authedProcedure
      .input(ChapterInput)
      .output(ChapterOutput)
      .mutation(({ ctx, input }) => chapters.createChapter(ctx.db, ctx.session, input)),
    update: authedProcedure
      .input(ChapterUpdateInput)
      .output(ChapterOutput)
      .mutation(({ ctx, input }) => chapters.updateChapter(ctx.db, ctx.session, input)),
    patch: authedProcedure
      .input(ChapterPatchInput)
      .output(ChapterOutput)
      .mutation(({ ctx, input }) => chapters.patchChapter(ctx.db, ctx.session, input)),
    delete: authedProcedure
      .input(ChartItemId)
      .output(DeletedRecordOutput)
      .mutation(({ ctx, input }) => chapters.deleteChapter(ctx.db, ctx.session, input)),
    /** The chapter picker overlay (pages of 20). */
    pick: authedProcedure
      .input(ChapterPickerInput)
      .output(ChapterBriefPageOutput)
      .query(({ ctx, input }) => chapters.pickChapters(ctx.db, ctx.session, input)),
    /** Exact lookup of a typed 5-character code; ChapterNotFound when missing. */
    byCode: authedProcedure
      .input(ChapterLookupInput)
      .output(ChapterOutput)
      .query(({ ctx, input }) => chapters.chapterByCode(ctx.db, ctx.session, input)),
  }),

  ets: authedProcedure
    .input(EtsInput)
    .output(EtsOutput)
    .query(({ ctx, input }) => etsChart(ctx.db, input)),
  export: authedProcedure
    .input(ChartExportInput)
    .output(ChartExportOutput)
    .query(({ ctx, input }) => chartExport(ctx.db, input)),
  copy: authedProcedure
    .input(ChartCopyInput)
    .output(ChartCopyOutput)
    .mutation(({ ctx, input }) => copyChart(ctx.db, ctx.session, input)),
  /** chartOfAccounts/unlock: keeps the chart of an area and year editable after approvals. */
  unlock: authedProcedure
    .input(ChartUnlockInput)
    .output(YearStateOutput)
    .mutation(({ ctx, input }) => setChartUnlocked(ctx.db, ctx.session, input)),
});
