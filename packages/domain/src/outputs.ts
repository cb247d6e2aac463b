import { z } from 'zod';

/**
 * The primitives of every answer schema (the procedures' outputs: output validation and
 * /api/openapi.json). Answers are described as stored: plain numbers and texts (the input rules are
 * the input schemas' job), amounts as `Cents` (money.ts, marked so the REST adapter sends euros), and
 * a list answer as one page shape. Every answer schema declares its fields with these: the
 * `*Outputs.ts` modules beside this one (the answers of the part-1/2 procedures, typed by the domain
 * types they describe) and the answers in the part-3 modules (digests.ts, paymentOrders.ts, …).
 */

/** A number of an answer (ids, codes, years, counts); amounts are `Cents`. */
export const Num = z.number();
export const NullNum = Num.nullable();

/** A text of an answer (codes, names, dates as `YYYY-MM-DD` where no `IsoDate` is used). */
export const Text = z.string();
export const NullText = Text.nullable();

/** The paging fields of a list answer (spread into an answer that pages its rows under another name). */
export const PageFields = { page: Num, pageSize: Num, totalPages: Num, total: Num };

/** A page of a list answer: `entities` and the paging fields (the shape of paging.ts `Page<T>`). */
export function pageOf<T>(entity: z.ZodType<T>) {
  return z.strictObject({ entities: z.array(entity), ...PageFields });
}
