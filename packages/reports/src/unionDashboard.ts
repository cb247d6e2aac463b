import { formatDate, type UnionDepartment, type UnionTotals } from '@app/domain';
import { toCsv } from './csv.ts';
import { labelsFor } from './labels/index.ts';
import { csvAmount } from './statistics.ts';

/**
 * The union's dashboard as CSV (issue 30): the departments shown (in the table's order) with their forecast's and
 * final account's state and approval date, the cash at the end of each month, open payments, residues carried and
 * exceeded chapters, closed by the total row of what is shown. Dates `DD.MM.YYYY`, amounts `1234,56`.
 */
export function unionDashboardCsv(data: { language: 'de' | 'it'; departments: readonly UnionDepartment[]; totals: UnionTotals }): string {
  const { unionDashboard: t } = labelsFor(data.language);
  const figures = (r: Pick<UnionTotals, 'cashMonthEnds' | 'openPaymentsCount' | 'openPayments' | 'activeResidues' | 'passiveResidues'>, exceeded: number) => [
    ...r.cashMonthEnds.map(csvAmount),
    String(r.openPaymentsCount),
    csvAmount(r.openPayments),
    csvAmount(r.activeResidues),
    csvAmount(r.passiveResidues),
    String(exceeded),
  ];
  return toCsv(
    [...t.csv, ...t.months, ...t.tail],
    [
      ...data.departments.map((d) => [
        d.code,
        data.language === 'it' ? d.nameIta : d.nameDeu,
        d.district,
        t.forecast[d.forecast],
        d.forecastApproval ? formatDate(d.forecastApproval) : '',
        t.finalAccount[d.finalAccount],
        d.finalApproval ? formatDate(d.finalApproval) : '',
        ...figures(d, d.exceededChapters),
      ]),
      [t.total, '', data.totals.district ?? '', '', '', '', '', ...figures(data.totals, data.totals.exceededChapters)],
    ],
  );
}
