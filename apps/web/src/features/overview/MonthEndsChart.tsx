/**
 * Cash at each month's end as lines (issue 30): a bold total line and a thin line per part of it (the brigade's
 * accounts on its home, the districts on the union's dashboard). Shared by YearAtAGlance and UnionDashboard, in
 * their lazy chart chunk.
 */
import { LineChart } from '@mantine/charts';

const colors = ['teal.6', 'violet.6', 'cyan.6', 'pink.6', 'lime.7', 'grape.6', 'orange.6', 'indigo.5'];

export interface MonthEndsLine {
  key: string;
  label: string;
  /** Euros at the end of each month, January first. */
  monthEnds: number[];
}

export function MonthEndsChart({
  months,
  total,
  parts,
  valueFormatter,
  axisWidth,
}: {
  months: string[];
  total: MonthEndsLine;
  parts: MonthEndsLine[];
  valueFormatter: (value: number) => string;
  axisWidth: number;
}) {
  const data = months.map((month, m) => ({
    month,
    [total.key]: total.monthEnds[m] ?? 0,
    ...Object.fromEntries(parts.map((p) => [p.key, p.monthEnds[m] ?? 0])),
  }));
  return (
    <LineChart
      h={220}
      data={data}
      dataKey="month"
      curveType="linear"
      valueFormatter={valueFormatter}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      yAxisProps={{ width: axisWidth }}
      lineProps={(s) => (s.name === total.key ? { strokeWidth: 3.5 } : { strokeWidth: 1.5 })}
      series={[
        { name: total.key, color: 'blue.8', label: total.label },
        ...parts.map((p, i) => ({ name: p.key, color: colors[i % colors.length] ?? 'gray.6', label: p.label })),
      ]}
    />
  );
}
