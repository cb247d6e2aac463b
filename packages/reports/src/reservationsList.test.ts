import type { ReservationListItem, ReservationPrintList } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { pdfReader } from './pdfText.testkit.ts';
import { reservationsPdf } from './reservationsList.ts';

const pdfPages = pdfReader('reports-reservations-');
const ctx = { username: 'kassier', now: new Date('2026-11-22T09:05:00Z') };

const row = (patch: Partial<ReservationListItem>): ReservationListItem => ({
  id: 1,
  recordNumber: 1,
  recordDate: '2025-03-15',
  note: '',
  chapter: { chapterId: 7, chapter: '21019', chapterYear: 2025, descriptionDeu: 'Ausrüstung', descriptionIta: 'Attrezzatura', lineId: 3, ...patch.chapter },
  amountBooked: 0,
  amountUsed: 0,
  amountUnused: 0,
  usedByPositions: 0,
  closed: false,
  cancelled: false,
  originalAmount: patch.amountBooked ?? 0,
  isLatest: false,
  ...patch,
});

const list: ReservationPrintList = {
  rows: [
    row({ id: 1, recordNumber: 1, note: 'Atemschutzgeräte', amountBooked: 150_000, amountUsed: 123_456, amountUnused: 26_544, usedByPositions: 123_456 }),
    row({
      id: 2,
      recordNumber: 2,
      recordDate: '2025-04-02',
      note: 'Schläuche',
      chapter: { chapterId: 9, chapter: '22002', chapterYear: 2024, descriptionDeu: 'Fahrzeuge', descriptionIta: 'Veicoli', lineId: 5 },
      amountBooked: 1_000_000,
      amountUsed: 0,
      amountUnused: 1_000_000,
    }),
    row({ id: 3, recordNumber: 3, recordDate: '2025-05-20', amountBooked: 5_050, amountUsed: 5_050, amountUnused: 0, closed: true }),
  ],
  totals: { amountBooked: 1_155_050, amountUsed: 128_506, amountUnused: 1_026_544 },
};
const head = { year: 2025, department: '102 FF Eppan', status: 'all' as const };

/** The text line of a reservation (its number first) or of the totals. */
const lineOf = (text: string, start: RegExp) => text.split('\n').find((l) => start.test(l)) ?? '';

describe('reservations print', () => {
  it('lists every reservation with its chapter line, booked, used and unused, and the totals (German, landscape)', () => {
    const [text = '', ...more] = pdfPages(reservationsPdf(list, head, { ...ctx, language: 'de' }), 'reservations-de');
    expect(more).toHaveLength(0);
    expect(text).toContain('Vormerkungen 2025');
    expect(text).toContain('102 FF Eppan');
    expect(text).toContain('Alle · alle Jahre · alle Kapitel');
    for (const label of ['Vorgemerkt', 'Verwendet', 'Nicht verwendet', 'Status', 'Anmerkungen']) expect(text).toContain(label);
    expect(lineOf(text, /^\s*1\s+15\.03\.2025/)).toMatch(/2025\s+2-1-019\s+Ausrüstung\s+Atemschutzgeräte\s+1\.500,00 €\s+1\.234,56 €\s+265,44 €\s+offen/);
    // a residue line: its year and the other chapter
    expect(lineOf(text, /^\s*2\s+02\.04\.2025/)).toMatch(/2024\s+2-2-002\s+Fahrzeuge\s+Schläuche\s+10\.000,00 €\s+0,00 €\s+10\.000,00 €\s+offen/);
    expect(lineOf(text, /^\s*3\s+20\.05\.2025/)).toMatch(/50,50 €\s+50,50 €\s+0,00 €\s+abgeschlossen/);
    expect(lineOf(text, /Summe \(3\)/)).toMatch(/11\.550,50 €\s+1\.285,06 €\s+10\.265,44 €/);
    // landscape A4
    expect(reservationsPdf(list, head, { ...ctx, language: 'de' }).internal.pageSize.getWidth()).toBeGreaterThan(290);
  });

  it('prints in Italian with the filter of one chapter, the state of a cancelled one, and says so when empty', () => {
    const cancelled = row({ id: 4, recordNumber: 4, cancelled: true, closed: true });
    const one = { ...head, status: 'open' as const, chapterYear: 2025, chapterFrom: '21019' };
    const [text = ''] = pdfPages(
      reservationsPdf({ rows: [list.rows[0]!, cancelled], totals: { amountBooked: 150_000, amountUsed: 123_456, amountUnused: 26_544 } }, one, {
        ...ctx,
        language: 'it',
      }),
      'reservations-it',
    );
    expect(text).toContain('Prenotazioni 2025');
    expect(text).toContain('Solo aperte · Anno 2025 · Capitolo 2-1-019');
    for (const label of ['Prenotato', 'Utilizzato', 'Non utilizzato', 'Stato']) expect(text).toContain(label);
    expect(lineOf(text, /^\s*1\s+15\.03\.2025/)).toMatch(/Attrezzatura\s+Atemschutzgeräte\s+1\.500,00 €\s+1\.234,56 €\s+265,44 €\s+aperta/);
    expect(lineOf(text, /^\s*4\s+15\.03\.2025/)).toMatch(/annullata/);
    expect(lineOf(text, /Totale \(2\)/)).toMatch(/1\.500,00 €\s+1\.234,56 €\s+265,44 €/);
    expect(text).not.toMatch(/Vorgemerkt|Summe|offen/);

    const [empty = ''] = pdfPages(
      reservationsPdf({ rows: [], totals: { amountBooked: 0, amountUsed: 0, amountUnused: 0 } }, { ...one, chapterTo: '21030' }, { ...ctx, language: 'it' }),
      'reservations-empty',
    );
    expect(empty).toContain('Capitoli 2-1-019 – 2-1-030');
    expect(empty).toContain('Nessuna prenotazione per questa selezione.');
  });
});
