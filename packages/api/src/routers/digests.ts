import {
  Availabilities,
  AvailabilitiesInput,
  CashJournal,
  CashJournalInput,
  ChapterDigest,
  ChapterDigestInput,
  ChaptersList,
  ChaptersListInput,
  SupplierDigest,
  SupplierDigestInput,
  SuppliersList,
  SuppliersListInput,
} from '@app/domain';
import { availabilities } from '../services/digests/availabilities.ts';
import { cashJournal } from '../services/digests/cashJournal.ts';
import { chapterDigest, chaptersList } from '../services/digests/chapter.ts';
import { supplierDigest, suppliersList } from '../services/digests/supplier.ts';
import { router, scopedProcedure } from '../trpc.ts';
import { cachedRead } from '../readCache.ts';

/**
 * Digests (spec 3 §2 "Printed and online lists", §7 Digests/*): the online panels (cash journal,
 * chapter register, supplier digest) and the print data. Reads only; any user linked to the
 * department (scopedProcedure: Standard users only their departments). Amounts are Cents (euros on REST).
 */
export const digestsRouter = router({
  /** Digests/CashJournal: balance box and rows of one account in the year (dateFrom/dateTo for the print; paged when asked). */
  cashJournal: scopedProcedure
    .input(CashJournalInput)
    .use(cachedRead)
    .output(CashJournal)
    .query(({ ctx, input }) => cashJournal(ctx.db, ctx.scope, input)),
  /** Digests/Chapters: a chapter line's figure box and every row that moves it (the rows sum to the box). */
  chapter: scopedProcedure
    .input(ChapterDigestInput)
    .use(cachedRead)
    .output(ChapterDigest)
    .query(({ ctx, input }) => chapterDigest(ctx.db, ctx.scope, input)),
  /** Digests/Suppliers: document count, paid, not paid, address and the supplier's movements of the year. */
  supplier: scopedProcedure
    .input(SupplierDigestInput)
    .output(SupplierDigest)
    .query(({ ctx, input }) => supplierDigest(ctx.db, ctx.scope, input)),
  /** Digests/Availabilities (print): every chapter's figures per title with title and part totals. */
  availabilities: scopedProcedure
    .input(AvailabilitiesInput)
    .output(Availabilities)
    .query(({ ctx, input }) => availabilities(ctx.db, ctx.scope, input)),
  /** Digests/Chapters/List (print): the chapter digests of a range, with or without rows. */
  chaptersList: scopedProcedure
    .input(ChaptersListInput)
    .output(ChaptersList)
    .query(({ ctx, input }) => chaptersList(ctx.db, ctx.scope, input)),
  /** Digests/Suppliers/List (print): the supplier digests of a code range. */
  suppliersList: scopedProcedure
    .input(SuppliersListInput)
    .output(SuppliersList)
    .query(({ ctx, input }) => suppliersList(ctx.db, ctx.scope, input)),
});
