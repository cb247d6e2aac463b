import { describe, expect, it } from 'vitest';
import { type BudgetChapter, chapterFigures } from './budgetFigures.ts';
import { Part } from './chapterCode.ts';
import { monthEnds, tightChapters, titleUses } from './yearOverview.ts';

function chapter(code: string, title: number, part: Part, a: { budget: number; paid?: number; open?: number; reserved?: number }): BudgetChapter {
  return {
    ...chapterFigures({
      part,
      budgetInitial: a.budget,
      budgetChanges: 0,
      payments: a.paid ?? 0,
      openPayments: a.open ?? 0,
      reservations: a.reserved ?? 0,
      finalResidue: null,
    }),
    chapterId: Number(code),
    chapter: code,
    chapterYear: 2026,
    part,
    title,
    descriptionDeu: `K ${code}`,
    descriptionIta: `C ${code}`,
    searchKeyDeu: '',
    searchKeyIta: '',
    isEditable: false,
    lineId: 1,
  };
}

describe('the year at a glance (hand figures)', () => {
  const rows = [
    chapter('11001', 1, Part.Revenues, { budget: 10_000, paid: 4_000 }),
    chapter('13001', 3, Part.Revenues, { budget: 500, paid: 500 }),
    chapter('21001', 1, Part.Expenses, { budget: 1_000, paid: 500, open: 200, reserved: 100 }), // 800 ‰
    chapter('21002', 1, Part.Expenses, { budget: 1_000, paid: 1_100 }), // exceeded
    chapter('22001', 2, Part.Expenses, { budget: 2_000, paid: 1_990 }), // 995 ‰
    chapter('22002', 2, Part.Expenses, { budget: 0, paid: 10 }), // no budget, used: exceeded
    chapter('22003', 2, Part.Expenses, { budget: 3_000 }), // 0 ‰
    chapter('22004', 2, Part.Expenses, { budget: 0 }), // neither budget nor use: left out
    chapter('23001', 3, Part.Expenses, { budget: 500, paid: 100 }), // 200 ‰
    chapter('23002', 3, Part.Expenses, { budget: 400, paid: 200 }), // 500 ‰
  ];

  it('sums per part and title, each part closed by its total', () => {
    // by hand: [part, title, final budget, paid / collected, open, reserved, availability]
    expect(titleUses(rows).map((r) => [r.part, r.title, r.budgetFinal, r.payments, r.openPayments, r.reservations, r.availability])).toEqual([
      [1, 1, 10_000, 4_000, 0, 0, 6_000],
      [1, 3, 500, 500, 0, 0, 0],
      [1, null, 10_500, 4_500, 0, 0, 6_000],
      [2, 1, 2_000, 1_600, 200, 100, 100],
      [2, 2, 5_000, 2_000, 0, 0, 3_000],
      [2, 3, 900, 300, 0, 0, 600],
      [2, null, 7_900, 3_900, 200, 100, 3_700],
    ]);
  });

  it('ranks the expense chapters: exceeded first, then by share used; every other exceeded one after the five', () => {
    const tight = tightChapters(rows);
    expect(tight.map((r) => [r.chapter, r.usedPerMille, r.exceeded])).toEqual([
      ['22002', null, true],
      ['21002', 1100, true],
      ['22001', 995, false],
      ['21001', 800, false],
      ['23002', 500, false],
    ]);
    const many = tightChapters([...rows, chapter('24001', 4, Part.Expenses, { budget: 100, paid: 101 })]);
    expect(many.map((r) => r.chapter)).toEqual(['22002', '21002', '24001', '22001', '21001']);
    // six exceeded chapters: the five, then the sixth (and not the tightest one that is not exceeded)
    const over = [1, 2, 3, 4].map((i) => chapter(`2400${i}`, 4, Part.Expenses, { budget: 100, paid: 100 + i }));
    expect(tightChapters([...rows, ...over]).map((r) => r.chapter)).toEqual(['22002', '21002', '24004', '24003', '24002', '24001']);
  });

  it('runs the month ends from the opening balance', () => {
    expect(monthEnds(1_000, [0, 500, -200])).toEqual([1_000, 1_500, 1_300, 1_300, 1_300, 1_300, 1_300, 1_300, 1_300, 1_300, 1_300, 1_300]);
  });
});
