import { describe, expect, it } from 'vitest';
import {
  compareReservation,
  newReservationValues,
  type ReservationData,
  reservationProblems,
  reservingMore,
  savedReservationValues,
  unusedAmount,
} from './draft.ts';

const saved: ReservationData = {
  id: 4,
  recordNumber: 3,
  recordDate: '2025-03-15',
  note: 'Atemschutz',
  chapter: { chapterId: 21, chapter: '21019', chapterYear: 2024, descriptionDeu: 'Geräte', descriptionIta: 'Attrezzi', lineId: 9 },
  amountBooked: 150_000,
  amountUsed: 42_050,
  usedByPositions: 40_000,
  closed: false,
};

describe('reservation form values', () => {
  it('a new reservation: today in the scope year, else the year end of a past year; used 0', () => {
    expect(newReservationValues('2025-06-30', 2025)).toEqual({
      recordDate: '2025-06-30',
      note: '',
      chapterYear: 2025,
      chapter: null,
      amountBooked: null,
      amountUsed: 0,
      closed: false,
    });
    expect(newReservationValues('2026-01-10', 2025).recordDate).toBe('2025-12-31');
    expect(newReservationValues('2024-01-10', 2025).recordDate).toBeNull();
  });

  it('a saved one keeps its residue year and chapter; unused = booked - used to the cent', () => {
    const v = savedReservationValues(saved);
    expect(v.chapterYear).toBe(2024);
    expect(v.chapter).toEqual({ id: 21, chapter: '21019', part: 2, descriptionDeu: 'Geräte', descriptionIta: 'Attrezzi', emptyChapter: false });
    expect(unusedAmount(v)).toBe(107_950);
    expect(unusedAmount({ amountBooked: null, amountUsed: 1 })).toBe(-1);
  });

  it('dirty compares trimmed notes, empty amounts as 0 and the chapter by id', () => {
    const v = savedReservationValues(saved);
    expect(compareReservation({ ...v, note: ' Atemschutz ' })).toEqual(compareReservation(v));
    expect(compareReservation({ ...v, chapter: { ...v.chapter!, id: 22 } })).not.toEqual(compareReservation(v));
    expect(compareReservation({ ...v, amountUsed: null })).toEqual(compareReservation({ ...v, amountUsed: 0 }));
  });

  it.each([
    ['complete', {}, [], null],
    ['no date, chapter, booked', { recordDate: null, chapter: null, amountBooked: null }, ['recordDate', 'chapter', 'amountBooked'], null],
    ['used empty', { amountUsed: null }, ['amountUsed'], null],
    ['booked below used', { amountBooked: 42_049 }, [], { field: 'amountBooked', reason: 'usedAbove' }],
    ['booked equal to used', { amountBooked: 42_050 }, [], null],
    ['used below the positions', { amountUsed: 39_999 }, [], { field: 'amountUsed', reason: 'belowPositions' }],
    ['negative booked', { amountBooked: -1 }, [], { field: 'amountBooked', reason: 'negative' }],
  ] as const)('%s', (_name, patch, missing, amount) => {
    expect(reservationProblems({ ...savedReservationValues(saved), ...patch }, 40_000)).toEqual({
      missing,
      amount: amount && { code: 'InvalidValue', ...amount },
    });
  });
});

describe('what the form reserves more than saved (the budget box)', () => {
  const stored = { ...saved, amountUnused: 107_950 };
  it('a new reservation reserves its open part; closed or nothing open reserves nothing', () => {
    const v = { ...newReservationValues('2025-06-30', 2025), chapter: savedReservationValues(saved).chapter, amountBooked: 150_000, amountUsed: 20_000 };
    expect(reservingMore(v, null)).toBe(130_000);
    expect(reservingMore({ ...v, closed: true }, null)).toBe(0);
    expect(reservingMore({ ...v, amountBooked: 10_000 }, null)).toBe(0);
    expect(reservingMore({ ...v, chapter: null }, null)).toBe(0);
  });
  it('a saved one only the difference on its line, all of it on another line; closing gives its part back', () => {
    const v = savedReservationValues(saved);
    expect(reservingMore(v, stored)).toBe(0);
    expect(reservingMore({ ...v, amountBooked: 160_000 }, stored)).toBe(10_000);
    expect(reservingMore({ ...v, closed: true }, stored)).toBe(-107_950);
    expect(reservingMore({ ...v, chapterYear: 2025 }, stored)).toBe(107_950);
  });
});
