import { bool, defined, nonEmptyText, num, param, type RestRequest, type RestRoute, row, scopedBody, scopeOf, text } from './params.ts';
import { pageParams } from './entity.ts';

/**
 * Spec 3 §7: the reservations calls. Amounts travel as euros and are integer cents inside (the
 * procedures' schemas, money.ts). A reservation is read and deleted by `id` or `recordNumber`
 * (query or body); a saved one may send its chapter as the spec's nested object
 * (`chapter: { chapterYear, chapter, chapterId }`) or flat (`chapterYear`, `chapter` code or `chapterId`).
 */

/** The key of a reservation from query or body: `id` and/or `recordNumber`. */
function keyOf(req: RestRequest) {
  return defined({ ...scopeOf(req), id: num(param(req, 'id')), recordNumber: num(param(req, 'recordNumber')) });
}

/** A save body with the spec's nested chapter flattened (its chapterYear, code and chapterId). */
function flatChapter(b: Record<string, unknown>): Record<string, unknown> {
  const chapter = b.chapter;
  if (chapter === null || typeof chapter !== 'object' || Array.isArray(chapter)) return b;
  const c = chapter as Record<string, unknown>;
  return defined({ ...b, chapter: c.chapter, chapterId: b.chapterId ?? c.chapterId, chapterYear: b.chapterYear ?? c.chapterYear });
}

/** The print filter's status: `status`, or the spec's `open` / `closed` flags (both or neither: all). */
function statusOf(b: Record<string, unknown>): unknown {
  if (b.status !== undefined) return b.status;
  const open = bool(b.open) === true;
  const closed = bool(b.closed) === true;
  return open === closed ? 'all' : open ? 'open' : 'closed';
}

export const reservationRoutes: RestRoute[] = [
  row('GET', 'Reservations', (c, req) => c.reservations.get(keyOf(req) as never)),
  row('POST', 'Reservations', (c, req) => c.reservations.save({ ...flatChapter(scopedBody(req)), ...scopeOf(req) } as never)),
  row('DELETE', 'Reservations', (c, req) => c.reservations.delete(keyOf(req) as never)),
  // the picker: chapterId and openOnly (spec), plus chapterYear, lineId, search and paging
  row('GET', 'Reservations/List', (c, req) =>
    c.reservations.list(
      defined({
        ...scopeOf(req),
        ...pageParams(req),
        chapterId: num(req.query.chapterId),
        chapterYear: num(req.query.chapterYear),
        lineId: num(req.query.lineId),
        openOnly: bool(req.query.openOnly),
        search: text(req.query.search),
      }) as never,
    ),
  ),
  // the print: chapter (or chapterFrom..chapterTo), chapterYear, open / closed
  row('POST', 'Reservations/List', (c, req) => {
    const b = scopedBody(req);
    return c.reservations.printList(
      defined({
        ...scopeOf(req),
        chapterYear: b.chapterYear,
        chapter: nonEmptyText(b.chapter),
        chapterFrom: nonEmptyText(b.chapterFrom),
        chapterTo: nonEmptyText(b.chapterTo),
        status: statusOf(b),
      }) as never,
    );
  }),
  row('GET', 'Reservations/Context', (c, req) => c.reservations.context(scopeOf(req))),
];
