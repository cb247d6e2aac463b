import { describe, expect, it } from 'vitest';
import {
  type ChangeRow,
  changeRowTotals,
  changeSavePositions,
  copyAllPrevious,
  forecastSavePositions,
  forecastTotals,
  isPendingRow,
  missingDescriptions,
  toForecastRows,
} from './positions.ts';

const position = (chapter: string, amountCurrYear: number, amountPrevYear: number) => ({
  chapterId: Number(chapter),
  chapter,
  title: Number(chapter[1]),
  chapterDescriptionDeu: `K ${chapter}`,
  chapterDescriptionIta: `C ${chapter}`,
  isEditable: false,
  amountCurrYear,
  amountPrevYear,
  reminder: false,
  notes: '',
});

describe('forecast rows', () => {
  it('copies every previous-year amount and counts overwritten amounts', () => {
    const rows = toForecastRows([position('21001', 0, 1000), position('21002', 500, 700), position('21003', 300, 0), position('22001', 900, 900)]);
    const { rows: next, overwritten } = copyAllPrevious(rows);
    expect(next.map((r) => r.amount)).toEqual([1000, 700, 300, 900]);
    expect(overwritten).toBe(1);
  });

  it('drops zero amounts on save and counts only real positions as dropped', () => {
    const rows = toForecastRows([position('21001', 0, 1000), position('21002', 500, 700), position('21003', 300, 0)]);
    const edited = rows.map((r) => (r.chapter === '21003' ? { ...r, amount: 0 } : r));
    const { positions, dropped } = forecastSavePositions(edited);
    expect(positions.map((p) => p.chapterId)).toEqual([21002]);
    expect(dropped).toBe(1);
  });

  it('first year: typed previous-year amounts are sent and keep a row without a current amount', () => {
    const rows = toForecastRows([position('21001', 0, 1000), position('21002', 500, 0), position('21003', 300, 0)]);
    const edited = rows.map((r) => (r.chapter === '21003' ? { ...r, amount: 0 } : r));
    const first = forecastSavePositions(edited, true);
    expect(first.positions.map((p) => [p.chapterId, p.amountCurrYear, p.amountPrevYear])).toEqual([
      [21001, 0, 1000],
      [21002, 500, 0],
    ]);
    expect(first.dropped).toBe(1);
    // later years: never sent, a previous-year-only row is no position
    expect(forecastSavePositions(edited).positions.every((p) => !('amountPrevYear' in p))).toBe(true);
    expect(isPendingRow({ isNew: true, amount: 0, amountPrevYear: 1000 })).toBe(false);
  });

  it('totals per title and in all (empty fields count as 0)', () => {
    const rows = toForecastRows([position('21001', 100, 10), position('21002', 200, 20), position('22001', 300, 30)]);
    const totals = forecastTotals(rows.map((r) => (r.chapter === '21002' ? { ...r, amount: null } : r)));
    expect(totals.current).toBe(400);
    expect(totals.previous).toBe(60);
    expect(totals.byTitle).toEqual([
      { title: 1, current: 100, previous: 30 },
      { title: 2, current: 300, previous: 30 },
    ]);
  });

  it('a new row without amount is pending, an old one never', () => {
    expect(isPendingRow({ isNew: true, amount: null })).toBe(true);
    expect(isPendingRow({ isNew: true, amount: 0 })).toBe(true);
    expect(isPendingRow({ isNew: true, amount: 5 })).toBe(false);
    expect(isPendingRow({ isNew: false, amount: 0 })).toBe(false);
  });
});

describe('change rows', () => {
  const row = (chapter: string, amount: number | null, isEditable = false): ChangeRow => ({
    key: chapter,
    chapterId: Number(chapter),
    chapter,
    part: chapter.startsWith('1') ? 1 : 2,
    title: Number(chapter[1]),
    descriptionDeu: isEditable ? '' : 'x',
    descriptionIta: isEditable ? '' : 'y',
    isEditable,
    budgetBeforeChange: 1000,
    amount,
    isNew: false,
  });

  it('balances expense moves and counts the surplus difference of the adjustment', () => {
    expect(changeRowTotals([row('21001', -500), row('21002', 500)]).balance).toBe(0);
    expect(changeRowTotals([row('21001', 300)], 300)).toEqual({ revenues: 0, expenses: 300, balance: 0 });
    expect(changeRowTotals([row('11001', 100), row('21001', 50)]).balance).toBe(50);
  });

  it('sends non-zero positions only and needs both descriptions of editable chapters', () => {
    const rows = [row('21001', -500), row('21002', 0), row('22009', 500, true)];
    expect(changeSavePositions(rows)).toEqual({
      positions: [
        { chapterId: 21001, amount: -500, descriptionDeu: '', descriptionIta: '' },
        { chapterId: 22009, amount: 500, descriptionDeu: '', descriptionIta: '' },
      ],
      dropped: 1,
    });
    expect(missingDescriptions(rows)).toEqual(['22009']);
  });
});
