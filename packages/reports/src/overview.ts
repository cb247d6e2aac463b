import { type DepartmentOverviewExport, formatDate } from '@app/domain';
import { toCsv } from './csv.ts';
import { labelsFor } from './labels/index.ts';
import { csvAmount } from './statistics.ts';

/**
 * The union's department overview as CSV (one line per department, in the list's order): forecast
 * totals, state, balanced, approval date and the latest change (record number, `Angleichung` for the
 * adjustment). Dates `DD.MM.YYYY`, amounts `1234,56`.
 */
export function overviewCsv(data: Pick<DepartmentOverviewExport, 'language' | 'rows'>): string {
  const { overview: t, common } = labelsFor(data.language);
  return toCsv(
    t.csv,
    data.rows.map((r) => [
      r.code,
      data.language === 'it' ? r.nameIta : r.nameDeu,
      common.area[r.area],
      csvAmount(r.revenues),
      csvAmount(r.expenses),
      csvAmount(r.surplusUsed),
      csvAmount(r.balance),
      t.state[r.state],
      r.isBalanced ? common.yes : common.no,
      r.approval ? formatDate(r.approval) : '',
      r.lastChange ? (r.lastChange.recordNumber === -1 ? t.adjustment : String(r.lastChange.recordNumber)) : '',
      r.lastChange?.approved ? formatDate(r.lastChange.approved) : '',
    ]),
  );
}
