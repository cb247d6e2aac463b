import { statisticsCsvChunks } from '@app/reports/statistics';
import { nonEmptyText, num, type RestRequest, type RestRoute, RestStream, row } from './params.ts';

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

/**
 * Spec 2 §7 "Statistics": the CSV as a download with its fixed file name, streamed: its lines are written
 * as the rows come from the figures' cursor (a union's ten years with chapters are never one string).
 */
export const statisticsRoutes: RestRoute[] = [
  row(
    'GET',
    'statistics',
    async (c, req) => {
      const data = await c.statistics.exportStream(statisticsInput(req));
      return new RestStream(statisticsCsvChunks(data), 'text/csv; charset=utf-8', data.fileName);
    },
    { file: 'text/csv' },
  ),
];
