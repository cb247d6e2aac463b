import { z } from 'zod';
import { bool, defined, num, param, type RestRequest, type RestRoute, row, scopedBody, scopeOf, text } from './params.ts';

/**
 * Spec 3 §7: the residues calls (DOMAIN.md "Year end", decisions 13-15). Amounts travel as euros and
 * are integer cents inside (the procedures' schemas, money.ts). GET Budget/Residues/CarryOver answers
 * the spec's boolean, GET Budget/Residues/CarryOver/Status the whole state (the reason, the years,
 * whether the carry-over is out of date and what differs); PUT Budget/Residues/Final takes
 * `budgetType` (or `source`) and the positions as the spec sends them (`amount`, `budgetId`, or the
 * position's nested `budget.budgetId`); a manual residue may name its year `year` (the spec's field)
 * or `chapterYear`, its chapter flat or nested (`chapter: { chapter, chapterId, chapterYear }`).
 */

/** A position of the PUT body: `{ amount, budgetId }` or a whole residue position (`budget.budgetId`). */
function positionOf(value: unknown): Record<string, unknown> {
  const p = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const budget = p.budget !== null && typeof p.budget === 'object' ? (p.budget as Record<string, unknown>) : {};
  return { budgetId: p.budgetId ?? budget.budgetId, amount: p.amount };
}

/** The manual residue of a POST body: `chapterYear`, the nested chapter's, or the spec's `year` when the scope year is in the query. */
function manualOf(req: RestRequest): Record<string, unknown> {
  const b = scopedBody(req);
  const chapter = b.chapter !== null && typeof b.chapter === 'object' ? (b.chapter as Record<string, unknown>) : undefined;
  return defined({
    id: b.id ?? undefined,
    // the body's `year` is the residue's year only when the scope year comes in the query
    chapterYear: b.chapterYear ?? chapter?.chapterYear ?? (req.query.year !== undefined ? req.body.year : undefined),
    chapter: chapter ? chapter.chapter : b.chapter,
    chapterId: b.chapterId ?? chapter?.chapterId,
    descriptionDeu: b.descriptionDeu,
    descriptionIta: b.descriptionIta,
    amount: b.amount,
    note: b.note ?? b.notes,
    ...scopeOf(req),
  });
}

export const residueRoutes: RestRoute[] = [
  row('GET', 'Budget/Residues/Final', (c, req) => c.residues.final(defined({ ...scopeOf(req), source: num(req.query.source) }) as never)),
  row('PUT', 'Budget/Residues/Final', (c, req) => {
    const b = scopedBody(req);
    const positions = Array.isArray(b.positions) ? b.positions.map(positionOf) : b.positions;
    return c.residues.saveFinal({ ...scopeOf(req), budgetType: num(b.budgetType ?? b.source), positions } as never);
  }),
  row('GET', 'Budget/Residues/Export', (c, req) =>
    c.residues.export(
      defined({
        ...scopeOf(req),
        source: num(req.query.source),
        includeWithoutResidue: bool(req.query.includeWithoutResidue),
        includeWithResidue: bool(req.query.includeWithResidue),
        detailed: bool(req.query.detailed),
      }) as never,
    ),
  ),
  row('GET', 'Budget/Residues/CarryOver', async (c, req) => (await c.residues.carryOverPossible(scopeOf(req))).possible, z.boolean()),
  // the whole state (issue 24 item 8): why not, carried before, out of date with the lines and reservations that differ
  row('GET', 'Budget/Residues/CarryOver/Status', (c, req) => c.residues.carryOverPossible(scopeOf(req))),
  row('PUT', 'Budget/Residues/CarryOver', (c, req) => c.residues.carryOver(scopeOf(req))),
  row('GET', 'Budget/Residues/CarryOver/Report', (c, req) => c.residues.carryOverReport(scopeOf(req))),
  row('GET', 'Budget/Residues', (c, req) => c.residues.manualList(defined({ ...scopeOf(req), search: text(req.query.search) }) as never)),
  row('POST', 'Budget/Residues', (c, req) => c.residues.manualSave(manualOf(req) as never)),
  row('DELETE', 'Budget/Residues', (c, req) => c.residues.manualDelete({ ...scopeOf(req), id: num(param(req, 'id')) } as never)),
];
