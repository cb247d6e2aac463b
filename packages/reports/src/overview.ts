import { type Area, type DepartmentOverviewExport, type ForecastState, formatDate } from '@app/domain';
import { toCsv } from './csv.ts';
import { csvAmount } from './statistics.ts';

const texts = {
  de: {
    header: ['Code', 'Name', 'Bereich', 'Einnahmen', 'Ausgaben', 'Verwendeter Überschuss', 'Differenz', 'Status', 'Ausgeglichen', 'Genehmigt am', 'Letzte Änderung', 'Änderung vom'],
    area: { 1: 'Landesverband', 2: 'Bezirk', 3: 'Feuerwehr' },
    state: { noForecast: 'Kein Voranschlag', unbalanced: 'Nicht ausgeglichen', balanced: 'Ausgeglichen, nicht genehmigt', approved: 'Genehmigt' },
    yes: 'ja',
    no: 'nein',
    adjustment: 'Angleichung',
  },
  it: {
    header: ['Codice', 'Nome', 'Ambito', 'Entrate', 'Uscite', 'Avanzo applicato', 'Differenza', 'Stato', 'In pareggio', 'Approvato il', 'Ultima variazione', 'Variazione del'],
    area: { 1: 'Unione', 2: 'Distretto', 3: 'Corpo' },
    state: { noForecast: 'Nessun bilancio di previsione', unbalanced: 'Non in pareggio', balanced: 'In pareggio, non approvato', approved: 'Approvato' },
    yes: 'sì',
    no: 'no',
    adjustment: 'Assestamento',
  },
} as const satisfies Record<'de' | 'it', { area: Record<Area, string>; state: Record<ForecastState, string> } & Record<string, unknown>>;

/**
 * The union's department overview as CSV (one line per department, in the list's order): forecast
 * totals, state, balanced, approval date and the latest change (record number, `Angleichung` for the
 * adjustment). Dates `DD.MM.YYYY`, amounts `1234,56`.
 */
export function overviewCsv(data: Pick<DepartmentOverviewExport, 'language' | 'rows'>): string {
  const t = texts[data.language];
  return toCsv(
    [...t.header],
    data.rows.map((r) => [
      r.code,
      data.language === 'it' ? r.nameIta : r.nameDeu,
      t.area[r.area],
      csvAmount(r.revenues),
      csvAmount(r.expenses),
      csvAmount(r.surplusUsed),
      csvAmount(r.balance),
      t.state[r.state],
      r.isBalanced ? t.yes : t.no,
      r.approval ? formatDate(r.approval) : '',
      r.lastChange ? (r.lastChange.recordNumber === -1 ? t.adjustment : String(r.lastChange.recordNumber)) : '',
      r.lastChange?.approved ? formatDate(r.lastChange.approved) : '',
    ]),
  );
}
