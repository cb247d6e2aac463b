import type { Db } from '@app/db';
import {
  addDays,
  criteriaStates,
  DUE_DAYS,
  DUE_LIMIT,
  type DueInstalment,
  type FinalBalanceCriterion,
  type OpenPaymentsList,
  sumCents,
  tightChapters,
  titleUses,
  type YearOverview,
} from '@app/domain';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { accountMonthEnds, allowsOpenPayments, yearChapters } from './yearFigures.ts';

/**
 * The reads of other areas Overview/Year shows as they answer them (the router passes them in: a service area
 * imports no other): the unpaid instalments due up to a day (Payments/Open) and the final account's failed criteria.
 */
export interface YearOverviewReads {
  openPayments: (input: { dateDueTo: string }) => Promise<OpenPaymentsList>;
  failedCriteria: () => Promise<Record<FinalBalanceCriterion, boolean>>;
}

/** Overview/Year: the figures of the brigade's home page (domain yearOverview.ts), five reads side by side. */
export async function yearOverview(db: Db, scope: BookingScope, reads: YearOverviewReads): Promise<YearOverview> {
  const today = scope.today;
  const [chapters, accounts, allowed, failed] = await Promise.all([
    yearChapters(db, scope),
    accountMonthEnds(db, scope),
    allowsOpenPayments(db, scope.departmentId),
    reads.failedCriteria(),
  ]);
  const open = allowed ? await reads.openPayments({ dateDueTo: addDays(today, DUE_DAYS) }) : null;
  const due: DueInstalment[] = (open?.suppliers ?? [])
    .flatMap((s) =>
      s.rows.map((r) => ({
        paymentId: r.paymentId,
        movementId: r.movementId,
        year: r.year,
        recordNumber: r.recordNumber,
        supplierName: s.supplierName,
        documentNumber: r.documentNumber,
        documentDate: r.documentDate,
        accountId: r.accountId,
        dateDue: r.dateDue,
        amount: r.amount,
        overdue: r.dateDue !== null && r.dateDue < today,
        orderNumber: r.orderNumber,
      })),
    )
    .sort((a, b) => (a.dateDue ?? '').localeCompare(b.dateDue ?? '') || a.year - b.year || a.recordNumber - b.recordNumber || a.paymentId - b.paymentId);
  const cashMonthEnds = Array.from({ length: 12 }, (_, m) => sumCents(accounts.map((a) => a.monthEnds[m] ?? 0)) ?? 0);
  return {
    departmentId: scope.departmentId,
    year: scope.year,
    date: today,
    titles: titleUses(chapters),
    tightChapters: tightChapters(chapters),
    accounts,
    cashMonthEnds,
    openPaymentsAllowed: allowed,
    due: due.slice(0, DUE_LIMIT),
    dueMore: Math.max(0, due.length - DUE_LIMIT),
    criteria: criteriaStates(failed),
  };
}
