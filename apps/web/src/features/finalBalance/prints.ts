/**
 * The PDFs of the final account: the final report and the ETS report (the error protocol: errorProtocol.ts). Each reads
 * its data fresh from the server (staleTime 0), then builds the PDF in the browser with @app/reports
 * (loaded lazily). File names: the report's title, department, year and print date (reportFileBase).
 */
import { type FinalReportInput, reportFileBase } from '@app/domain';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { exportFileName } from '../../ui/download.ts';
import type { ExportFile } from '../../ui/ExportForm.tsx';
import { useScope } from '../scope/useScope.ts';
import { useReportContext } from './reportContext.ts';

/** The final report and the ETS report as files for ExportForm. */
export function useFinalPrints() {
  const { department, year } = useScope();
  const context = useReportContext();
  const scope = { departmentId: department.id, year };

  async function finalReport(input: FinalReportInput, coverPage: boolean): Promise<ExportFile> {
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.finalBalance.report.queryOptions(input), staleTime: 0 }),
      import('@app/reports'),
    ]);
    const ctx = context();
    const title = reports.labelsFor(ctx.language).finalReport.title;
    return {
      kind: 'pdf',
      blob: reports.finalReportPdf(data, { coverPage }, ctx).output('blob'),
      filename: exportFileName(reportFileBase(title, department.code, year), 'pdf'),
    };
  }

  async function etsReport(coverPage: boolean): Promise<ExportFile> {
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.finalBalance.etsReport.queryOptions(scope), staleTime: 0 }),
      import('@app/reports'),
    ]);
    const ctx = context();
    const title = reports.labelsFor(ctx.language).etsReport.title;
    return {
      kind: 'pdf',
      blob: reports.etsReportPdf(data, { coverPage }, ctx).output('blob'),
      filename: exportFileName(reportFileBase(title, department.code, year), 'pdf'),
    };
  }

  return { finalReport, etsReport };
}
