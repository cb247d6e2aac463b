import type { z } from 'zod';
import type { AccountBrief } from './accounts.ts';
import { type AuditListInput, type AuditPage, type AuditRow, readAllAuditPages } from './audit.ts';
import type { CashJournal, CashJournalInput, ChaptersList, ChaptersListInput } from './digests.ts';
import type { ForecastSummary } from './forecast.ts';
import type { FinalReport, FinalReportInput } from './finalReport.ts';
import type { OpenPaymentsInput, OpenPaymentsList } from './paymentOrders.ts';
import type { ReservationPrintInput, ReservationPrintList } from './reservations.ts';
import type { ResidueExport, ResidueExportInput } from './residues.ts';

/**
 * The audit pack (issue 27, "Prüfungsunterlagen"): what it reads, through the procedures the single prints
 * read (no procedure of its own), for one department and year. The reads are passed in (the web client's
 * query cache, a test's caller), so the screen and the tests gather the same.
 */
export interface AuditPackReads {
  accounts: (input: { departmentId: number; includeInactive: boolean }) => Promise<AccountBrief[]>;
  forecastSummary: (input: { departmentId: number; year: number }) => Promise<Pick<ForecastSummary, 'approval'>>;
  finalReport: (input: FinalReportInput) => Promise<FinalReport>;
  cashJournal: (input: CashJournalInput) => Promise<CashJournal>;
  chapters: (input: ChaptersListInput) => Promise<ChaptersList>;
  openPayments: (input: z.input<typeof OpenPaymentsInput>) => Promise<OpenPaymentsList>;
  reservations: (input: z.input<typeof ReservationPrintInput>) => Promise<ReservationPrintList>;
  residues: (input: ResidueExportInput) => Promise<ResidueExport>;
  audit: (input: AuditListInput) => Promise<z.infer<typeof AuditPage>>;
}

/** What the pack prints: each section as its procedure answers, the forecast approval and the trail after it, oldest first. */
export interface AuditPackContent {
  year: number;
  finalReport: FinalReport;
  cashJournals: CashJournal[];
  chapters: ChaptersList;
  /** Null when the department keeps no open payments (its departments flag). */
  openPayments: OpenPaymentsList | null;
  reservations: ReservationPrintList;
  residues: ResidueExport;
  approval: string | null;
  audit: AuditRow[];
}

/** A journal worth printing: an active account, or an inactive one that moved or holds money in the year. */
const journalShown = (account: AccountBrief, j: CashJournal) => !account.inactive || j.movements.length > 0 || j.dateFromBalance !== 0 || j.finalBalance !== 0;

/**
 * The trail of the department's year from the budget approval on: the approval date is a day (the sitting's),
 * so every row from that day on (UTC, as the trail's date filter), all pages, oldest first; without an
 * approval the whole year.
 */
async function trailAfter(read: AuditPackReads['audit'], scope: { departmentId: number; year: number }, approval: string | null): Promise<AuditRow[]> {
  const rows = await readAllAuditPages(read, { ...scope, ...(approval ? { from: approval } : {}) });
  return rows.reverse();
}

/**
 * Gathers the pack: the whole final report (every section, all parts), the cash journal of the whole year of every
 * account (cash first, then bank and post, by code), the chapter digest of every chapter with its movements, the
 * open payments when the department keeps them (the print's state: today; of a past year that is the state at 31.12, its bookings being dated
 * within the year), the open reservations, the detailed residue list of both managements, and the trail.
 */
export async function gatherAuditPack(
  read: AuditPackReads,
  { openPaymentsAllowed, ...scope }: { departmentId: number; year: number; openPaymentsAllowed: boolean },
): Promise<AuditPackContent> {
  const [accounts, summary, finalReport, chapters, openPayments, reservations, residues] = await Promise.all([
    read.accounts({ departmentId: scope.departmentId, includeInactive: true }),
    read.forecastSummary(scope),
    read.finalReport({ ...scope, currentManagement: true, residues: true, summary: true, protocol: true }),
    read.chapters({ ...scope, withMovements: true }),
    openPaymentsAllowed ? read.openPayments({ ...scope, paidByHand: false }) : null,
    read.reservations({ ...scope, status: 'open' }),
    read.residues({ ...scope, source: 0, includeWithResidue: true, includeWithoutResidue: true, detailed: true }),
  ]);
  const ordered = [...accounts].sort((a, b) => a.type - b.type || a.code.localeCompare(b.code));
  const journals = await Promise.all(ordered.map((a) => read.cashJournal({ ...scope, accountId: a.id })));
  const cashJournals = journals.filter((j, i) => journalShown(ordered[i]!, j));
  const audit = await trailAfter(read.audit, scope, summary.approval);
  return { year: scope.year, finalReport, cashJournals, chapters, openPayments, reservations, residues, approval: summary.approval, audit };
}
