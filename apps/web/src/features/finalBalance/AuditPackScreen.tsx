import { type AuditPackReads, gatherAuditPack, reportFileBase } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { List, Text } from '@mantine/core';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm, type ExportFile } from '../../ui/ExportForm.tsx';
import { departmentLine } from '../../ui/recordLabels.ts';
import { auditLineWords } from '../audit/labels.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { useReportContext } from './reportContext.ts';

const pdf = [{ value: 'pdf', label: 'PDF', kind: 'pdf' as const }];

/** The procedures the single prints read, as the audit pack's reads (domain gatherAuditPack), each fresh from the server. */
const reads: AuditPackReads = {
  accounts: (i) => queryClient.fetchQuery({ ...trpc.accounts.briefs.queryOptions(i), staleTime: 0 }),
  forecastSummary: (i) => queryClient.fetchQuery({ ...trpc.budget.forecast.summary.queryOptions(i), staleTime: 0 }),
  finalReport: (i) => queryClient.fetchQuery({ ...trpc.finalBalance.report.queryOptions(i), staleTime: 0 }),
  cashJournal: (i) => queryClient.fetchQuery({ ...trpc.digests.cashJournal.queryOptions(i), staleTime: 0 }),
  chapters: (i) => queryClient.fetchQuery({ ...trpc.digests.chaptersList.queryOptions(i), staleTime: 0 }),
  openPayments: (i) => queryClient.fetchQuery({ ...trpc.payments.open.queryOptions(i), staleTime: 0 }),
  reservations: (i) => queryClient.fetchQuery({ ...trpc.reservations.printList.queryOptions(i), staleTime: 0 }),
  residues: (i) => queryClient.fetchQuery({ ...trpc.residues.export.queryOptions(i), staleTime: 0 }),
  audit: (i) => queryClient.fetchQuery({ ...trpc.audit.list.queryOptions(i), staleTime: 0 }),
};

/** The audit pack (budget/final/auditPack, issue 27), behind the menu's rules. */
export function AuditPackScreen() {
  return (
    <MenuScreenGate path="budget/final/auditPack">
      <AuditPackForm />
    </MenuScreenGate>
  );
}

/**
 * "Prüfungsunterlagen" (issue 27): for the scope's department and year one PDF with the table of contents, the
 * final report, the cash journal of every account, the chapter digest, the open payments and reservations, the
 * residue list and the audit trail after the budget approval — the single prints' pages, in the user's language.
 */
function AuditPackForm() {
  const { t, i18n } = useLingui();
  const { department, year, status } = useScope();
  const context = useReportContext();

  async function build(): Promise<ExportFile> {
    const [content, reports] = await Promise.all([
      gatherAuditPack(reads, { departmentId: department.id, year, openPaymentsAllowed: status.openPaymentsAllowed }),
      import('@app/reports'),
    ]);
    const ctx = context();
    const { doc } = reports.auditPackPdf({ ...content, department: departmentLine(i18n, department) }, ctx, auditLineWords(i18n));
    const title = reports.auditPackLabels(ctx.language).title;
    return { kind: 'pdf', blob: doc.output('blob'), filename: exportFileName(reportFileBase(title, department.code, year), 'pdf') };
  }

  return (
    <ExportForm title={t`Prüfungsunterlagen ${year} drucken`} formats={pdf} build={build}>
      <Text size="sm">{t`Ein PDF für die Rechnungsprüfer mit Inhaltsverzeichnis und Seitenzahlen:`}</Text>
      <List size="sm" spacing={2} data-testid="audit-pack-sections">
        <List.Item>{t`Rechnungsabschluss`}</List.Item>
        <List.Item>{t`Kassajournal jedes Kontos`}</List.Item>
        <List.Item>{t`Kapitelauszug mit Buchungen`}</List.Item>
        {status.openPaymentsAllowed ? <List.Item>{t`Offene Zahlungen`}</List.Item> : null}
        <List.Item>{t`Offene Vormerkungen`}</List.Item>
        <List.Item>{t`Rückstände (detailliert)`}</List.Item>
        <List.Item>{t`Änderungsprotokoll nach der Genehmigung des Haushaltsvoranschlags`}</List.Item>
      </List>
      <Text size="xs" c="dimmed">
        {t`Offene Zahlungen und Vormerkungen: Stand am 31.12.${year}; solange das Jahr läuft, Stand heute.`}
      </Text>
    </ExportForm>
  );
}
