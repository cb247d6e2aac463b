import { pageParams } from './entity.ts';
import { bool, defined, nonEmptyText, num, param, type RestRequest, type RestRoute, row, scopeOf } from './params.ts';

/**
 * Spec 1 §7 and spec 3 §7: the Digests/* calls (the online panels and the print data). Reads only;
 * the criteria come as query parameters (a body's values are taken too). Amounts travel as euros and
 * are integer cents inside (the procedures' schemas, money.ts). The rows of a digest are paged when
 * `page` is sent (`pageSize`, default 30), otherwise all of them come.
 */

const n = (req: RestRequest, name: string) => num(param(req, name));
const code = (req: RestRequest, name: string) => nonEmptyText(param(req, name));

export const digestRoutes: RestRoute[] = [
  // year, chapterYear, chapter (code) or chapterId, departmentId
  row('GET', 'Digests/Chapters', (c, req) =>
    c.digests.chapter(
      defined({ ...scopeOf(req), ...pageParams(req), chapterYear: n(req, 'chapterYear'), chapter: code(req, 'chapter'), chapterId: n(req, 'chapterId') }),
    ),
  ),
  // year, accountId or accountCode, departmentId; the print: dateFrom, dateTo
  row('GET', 'Digests/CashJournal', (c, req) =>
    c.digests.cashJournal(
      defined({
        ...scopeOf(req),
        ...pageParams(req),
        accountId: n(req, 'accountId'),
        accountCode: code(req, 'accountCode'),
        dateFrom: code(req, 'dateFrom'),
        dateTo: code(req, 'dateTo'),
      }),
    ),
  ),
  // year, supplierId or supplierCode
  row('GET', 'Digests/Suppliers', (c, req) =>
    c.digests.supplier(defined({ ...scopeOf(req), ...pageParams(req), supplierId: n(req, 'supplierId'), supplierCode: n(req, 'supplierCode') })),
  ),
  // the availabilities print: chapterYear, part, titleFrom/titleTo, chapterFrom/chapterTo, withBudgetOnly
  row('GET', 'Digests/Availabilities', (c, req) =>
    c.digests.availabilities(
      defined({
        ...scopeOf(req),
        chapterYear: n(req, 'chapterYear'),
        part: n(req, 'part'),
        titleFrom: n(req, 'titleFrom'),
        titleTo: n(req, 'titleTo'),
        chapterFrom: code(req, 'chapterFrom'),
        chapterTo: code(req, 'chapterTo'),
        withBudgetOnly: bool(param(req, 'withBudgetOnly')),
      }) as never,
    ),
  ),
  // the chapter digest print: chapterYear, chapterFrom/chapterTo, withMovements
  row('GET', 'Digests/Chapters/List', (c, req) =>
    c.digests.chaptersList(
      defined({
        ...scopeOf(req),
        chapterYear: n(req, 'chapterYear'),
        chapterFrom: code(req, 'chapterFrom'),
        chapterTo: code(req, 'chapterTo'),
        withMovements: bool(param(req, 'withMovements')),
      }),
    ),
  ),
  // the supplier digest print: supplierFrom/supplierTo (codes), withMovements, withEmpty
  row('GET', 'Digests/Suppliers/List', (c, req) =>
    c.digests.suppliersList(
      defined({
        ...scopeOf(req),
        supplierFrom: n(req, 'supplierFrom'),
        supplierTo: n(req, 'supplierTo'),
        withMovements: bool(param(req, 'withMovements')),
        withEmpty: bool(param(req, 'withEmpty')),
      }),
    ),
  ),
];
