import { bookingAvailability, CHAPTER_PICKER_PAGE_SIZE, Part } from '@app/domain';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, signInAs } from '../../test-utils.ts';

const YEAR = CURRENT_YEAR - 1;
const NOW = new Date(`${CURRENT_YEAR}-02-10T10:00:00Z`);

/**
 * The chapter picker's availabilities (issue 25 item 8): a page of the picker (chart.chapters.pick)
 * asked in one movements.chaptersBefore call by chapter id answers every chapter of the page in its
 * order, with the figures Budget/Chapter gives for each one (the demo bookings and reservations of
 * FF Eppan, 102, in the previous year).
 */
describeOnDatabases('chapter picker figures', (get) => {
  const as = signInAs(get, '10.31', NOW);

  async function pageWithFigures(part: Part | undefined, page = 1) {
    const c = await as('zwei');
    const scope = { departmentId: await departmentId(get(), '102'), year: YEAR };
    const chapters = await c.chart.chapters.pick({ ...scope, page, pageSize: CHAPTER_PICKER_PAGE_SIZE, ...(part ? { part } : {}) });
    const figures = await c.movements.chaptersBefore({ ...scope, chapters: chapters.entities.map((e) => ({ chapterId: e.id, chapterYear: YEAR })) });
    return { c, scope, chapters: chapters.entities, total: chapters.total, figures };
  }

  it('answers a page of expense chapters in one call, each as Budget/Chapter has it', async () => {
    const { c, scope, chapters, figures } = await pageWithFigures(Part.Expenses);
    expect(chapters.length).toBe(CHAPTER_PICKER_PAGE_SIZE);
    expect(figures.map((f) => f.chapterId)).toEqual(chapters.map((e) => e.id));
    for (const f of figures) {
      const rest = await c.budget.chapter({ ...scope, chapter: f.chapter, chapterYear: YEAR });
      expect([f.chapter, f.lineId, f.budgetFinal, f.payments, f.openPayments, f.reservations, f.availableAfterPlannedExpenses]).toEqual([
        rest.chapter,
        rest.lineId,
        rest.budgetFinal,
        rest.payments,
        rest.openPayments,
        rest.reservations,
        rest.availableAfterPlannedExpenses,
      ]);
      // what the picker shows: every term taken off the final budget
      expect(bookingAvailability(Part.Expenses, f)).toBe(f.budgetFinal - f.payments - f.openPayments - f.reservations);
    }
    // the page holds real figures: lines with bookings, one with a demo reservation, and chapters without a line
    expect(figures.some((f) => f.lineId !== null && f.payments > 0)).toBe(true);
    expect(figures.some((f) => f.reservations > 0)).toBe(true);
    expect(figures.some((f) => f.lineId === null && f.availableAfterPlannedExpenses === 0)).toBe(true);
  });

  it('answers revenue and mixed pages with what is still to collect for revenues', async () => {
    const revenues = await pageWithFigures(Part.Revenues);
    for (const f of revenues.figures) {
      const rest = await revenues.c.budget.chapter({ ...revenues.scope, chapter: f.chapter, chapterYear: YEAR });
      expect(bookingAvailability(Part.Revenues, f)).toBe(rest.toReceive);
      expect(f.toReceive).toBe(f.budgetFinal - f.payments);
    }
    expect(revenues.figures.some((f) => f.payments > 0)).toBe(true);
    // the page of all parts where the revenues end and the expenses begin: each chapter with its own part
    const all = await pageWithFigures(undefined, Math.floor(revenues.total / CHAPTER_PICKER_PAGE_SIZE) + 1);
    expect(new Set(all.figures.map((f) => f.part))).toEqual(new Set([Part.Revenues, Part.Expenses]));
    expect(all.figures.map((f) => [f.chapterId, f.part])).toEqual(all.chapters.map((e) => [e.id, e.part]));
  });
});
