import { statisticsCsv } from '@app/reports/statistics';
import { nonEmptyText, num, RestFile, type RestRequest, type RestRoute, row } from './params.ts';

function statisticsInput(req: RestRequest) {
  const q = req.query;
  const departmentId = num(q.departmentId);
  return {
    deptFrom: nonEmptyText(q.deptFrom),
    deptTo: nonEmptyText(q.deptTo),
    yearFrom: num(q.yearFrom) as number,
    yearTo: num(q.yearTo) as number,
    withChapters: String(q.withChapters ?? '').toLowerCase() === 'true',
    language: (nonEmptyText(q.language) ?? 'de') as 'de' | 'it',
    ...(departmentId !== undefined ? { departmentId } : {}),
  };
}

/** Spec 2 §7 "Statistics": the CSV as a download with its fixed file name. */
export const statisticsRoutes: RestRoute[] = [
  row(
    'GET',
    'statistics',
    async (c, req) => {
      const data = await c.statistics.export(statisticsInput(req));
      return new RestFile(statisticsCsv(data), 'text/csv; charset=utf-8', data.fileName);
    },
    { file: 'text/csv' },
  ),
];
