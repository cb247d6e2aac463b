/**
 * The error protocol of the final account (the rows behind each failed criterion): read fresh from
 * the server, built with @app/reports (loaded lazily) and downloaded as `<title>-<year>.pdf`.
 */
import { reportFileBase } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { downloadBlob, exportFileName } from '../../ui/download.ts';
import { notifyError } from '../../ui/notify.ts';
import { departmentLine } from '../../ui/recordLabels.ts';
import { useScope } from '../scope/useScope.ts';
import { useReportContext } from './reportContext.ts';

/** The error protocol (the rows behind each failed criterion), downloaded as a PDF. */
export function useErrorProtocol() {
  const { i18n } = useLingui();
  const { department, year } = useScope();
  const context = useReportContext();
  const [busy, setBusy] = useState(false);

  async function print() {
    setBusy(true);
    try {
      const [data, reports] = await Promise.all([
        queryClient.fetchQuery({ ...trpc.finalBalance.errors.queryOptions({ departmentId: department.id, year }), staleTime: 0 }),
        import('@app/reports'),
      ]);
      const ctx = context();
      const title = reports.labelsFor(ctx.language).finalErrors.title;
      downloadBlob(
        reports.finalBalanceErrorsPdf(data, departmentLine(i18n, department), ctx).output('blob'),
        exportFileName(reportFileBase(title, department.code, year), 'pdf'),
      );
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setBusy(false);
    }
  }

  return { print, busy };
}
