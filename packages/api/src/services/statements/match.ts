/**
 * The proposals of a statement's lines (issue 28), never applied here: each line gets one proposal and the
 * alternatives the cashier may choose instead (domain StatementProposal).
 * - A debit naming a stored, unregistered order (the EndToEndId of one of its transfers, or its MsgId) of the
 *   same amount → register those instalments on the booking date; all lines of one order are registered together
 *   (another amount: the registration is only an alternative).
 * - A reversal (RvslInd), or a credit, naming a registered order → the bank returned the transfer: its
 *   instalments (the supplier's IBAN and the amount pick them among the order's) open again (DOMAIN decision 22).
 * - Another debit → an open instalment of the same amount whose supplier has the counterparty's IBAN or whose
 *   document number the remittance names (one with only the amount equal is an alternative).
 * - Otherwise → a new revenue (credit) or paid expense (debit) on the statement's account on the booking date,
 *   its chapter from the supplier with that IBAN or from the first matching rule.
 * - A line confirmed from an earlier statement (same key) → alreadyBooked; a line the bank has not booked → none.
 */
import type { Db } from '@app/db';
import {
  MovementType,
  matchingRule,
  normalizeIban,
  type MovementDraft,
  type ParsedStatement,
  type ProposedInstalment,
  remittanceNames,
  type StatementEntry,
  type StatementLine,
  type StatementProposal,
  type StatementRule,
} from '@app/domain';
import type { BookingScope } from '../ledger/bookingScope.ts';
import type { MatchPorts, OrderTransfer } from './ports.ts';
import {
  bookedKeys,
  executedInstalments,
  type InstalmentCandidate,
  instalmentsById,
  namedMsgIds,
  openInstalments,
  ordersByMsgId,
  rulesOf,
  type StoredOrderRef,
  suppliersByIban,
  type SupplierRef,
} from './reads.ts';

const brief = (c: InstalmentCandidate): ProposedInstalment => ({
  paymentId: c.paymentId,
  movementId: c.movementId,
  movementYear: c.movementYear,
  recordNumber: c.recordNumber,
  documentNumber: c.documentNumber,
  supplierName: c.supplierName,
  amount: c.amount,
  dateDue: c.dateDue,
});

interface MatchContext {
  db: Db;
  scope: BookingScope;
  orderTransfers: (orderId: number) => Promise<OrderTransfer[]>;
  accountId: number;
  orders: Map<string, StoredOrderRef>;
  transfers: Map<number, Promise<OrderTransfer[]>>;
  open: InstalmentCandidate[];
  taken: Set<number>;
  suppliers: Map<string, SupplierRef>;
  rules: StatementRule[];
}

function orderOf(ctx: MatchContext, line: StatementLine): { order: StoredOrderRef; by: 'endToEndId' | 'msgId' } | null {
  // the EndToEndId names one transfer, the MsgId the whole order: the more precise first
  for (const id of namedMsgIds({ msgId: null, endToEndId: line.endToEndId })) if (ctx.orders.has(id)) return { order: ctx.orders.get(id)!, by: 'endToEndId' };
  if (line.msgId && ctx.orders.has(line.msgId)) return { order: ctx.orders.get(line.msgId)!, by: 'msgId' };
  return null;
}

/** The instalments of an unregistered order a debit pays: the transfer its EndToEndId names, or all of them (its MsgId). */
async function registerProposal(ctx: MatchContext, line: StatementLine, order: StoredOrderRef, by: 'endToEndId' | 'msgId'): Promise<StatementProposal | null> {
  if (!ctx.transfers.has(order.id)) ctx.transfers.set(order.id, ctx.orderTransfers(order.id));
  const transfers = await ctx.transfers.get(order.id)!;
  const named = by === 'endToEndId' ? transfers.filter((t) => t.endToEndId === line.endToEndId) : transfers;
  const ids = named.flatMap((t) => t.paymentIds);
  if (ids.length === 0) return null;
  const instalments = await instalmentsById(ctx.db, ctx.scope, ids);
  return {
    kind: 'registerOrder',
    orderId: order.id,
    orderNumber: order.orderNumber,
    msgId: order.msgId,
    datePaid: line.bookingDate,
    matchedBy: by,
    instalments: instalments.map(brief),
  };
}

/** The instalments of a registered order a return gives back: by the counterparty's IBAN, then one of the amount or all adding up to it. */
async function returnProposal(ctx: MatchContext, line: StatementLine, order: StoredOrderRef): Promise<StatementProposal | null> {
  const executed = await executedInstalments(ctx.db, order.id);
  const iban = normalizeIban(line.counterpartyIban);
  const ofSupplier = iban === '' ? executed : executed.filter((c) => c.iban === iban);
  const one = ofSupplier.find((c) => c.amount === line.amount);
  const chosen = one ? [one] : ofSupplier.reduce((s, c) => s + c.amount, 0) === line.amount ? ofSupplier : [];
  if (chosen.length === 0) return null;
  return { kind: 'returnPayment', orderId: order.id, orderNumber: order.orderNumber, returnedOn: line.bookingDate, instalments: chosen.map(brief) };
}

/** Open instalments of the line's amount, the best first: the supplier's IBAN and the reference named count. */
function instalmentProposals(ctx: MatchContext, line: StatementLine): { proposal: StatementProposal; strong: boolean }[] {
  const iban = normalizeIban(line.counterpartyIban);
  return ctx.open
    .filter((c) => c.amount === line.amount && !ctx.taken.has(c.paymentId))
    .map((c) => {
      const matchedBy: ('amount' | 'iban' | 'reference')[] = ['amount'];
      if (iban !== '' && c.iban === iban) matchedBy.push('iban');
      if (remittanceNames(line.remittance, c.documentNumber)) matchedBy.push('reference');
      const proposal: StatementProposal = { kind: 'settleInstalment', datePaid: line.bookingDate, accountId: ctx.accountId, matchedBy, instalment: brief(c) };
      return { proposal, strong: matchedBy.length > 1, score: matchedBy.length };
    })
    .sort((a, b) => b.score - a.score);
}

/** The new revenue or expense a line would be: its chapter from the supplier with the counterparty's IBAN, else a rule. */
function movementProposal(ctx: MatchContext, line: StatementLine): StatementProposal {
  const credit = line.creditDebit === 'CRDT';
  const kind = credit ? 'revenues' : 'expenses';
  const supplier = credit ? undefined : ctx.suppliers.get(normalizeIban(line.counterpartyIban));
  const rule = matchingRule(ctx.rules, kind, line);
  const fromSupplier = supplier && supplier.chapterProposal !== '' ? supplier.chapterProposal : null;
  const chapter = fromSupplier ?? rule?.chapter ?? '';
  const note = [line.counterpartyName, line.remittance].filter((t) => t !== '').join(': ');
  const draft: MovementDraft = {
    kind,
    type: credit ? MovementType.Revenue : MovementType.PaymentDone,
    recordDate: line.bookingDate,
    documentDate: credit ? null : line.bookingDate,
    documentNumber: '',
    supplierId: supplier?.id ?? null,
    accountId: ctx.accountId,
    positions: [{ chapter, amount: line.amount, note: note.slice(0, 200) }],
  };
  return { kind: 'movement', chapterFrom: fromSupplier ? 'supplier' : rule ? 'rule' : 'none', ruleId: fromSupplier ? null : (rule?.id ?? null), draft };
}

async function proposeLine(ctx: MatchContext, line: StatementLine, booked: { statementId: number; outcome: string } | undefined): Promise<StatementEntry> {
  const entry = (proposal: StatementProposal, alternatives: StatementProposal[] = []): StatementEntry => ({ ...line, proposal, alternatives });
  if (booked) return entry({ kind: 'alreadyBooked', statementId: booked.statementId, outcome: booked.outcome });
  if (line.status !== 'BOOK') return entry({ kind: 'none', reason: 'NotBooked' });
  const movement = movementProposal(ctx, line);
  const named = orderOf(ctx, line);
  const returned = line.reversal || line.creditDebit === 'CRDT';
  if (named && returned && named.order.registered && !named.order.cancelled) {
    const proposal = await returnProposal(ctx, line, named.order);
    if (proposal) return entry(proposal, [movement]);
  }
  if (named && line.creditDebit === 'DBIT' && !line.reversal && !named.order.registered && !named.order.cancelled) {
    const proposal = await registerProposal(ctx, line, named.order, named.by);
    // the bank paid what the order asked: otherwise the registration is only an alternative
    if (proposal?.kind === 'registerOrder') {
      const total = proposal.instalments.reduce((sum, i) => sum + i.amount, 0);
      return total === line.amount ? entry(proposal, [movement]) : entry(movement, [proposal]);
    }
  }
  if (line.creditDebit === 'DBIT' && !line.reversal) {
    const candidates = instalmentProposals(ctx, line);
    const [best] = candidates;
    if (best?.strong && best.proposal.kind === 'settleInstalment') {
      ctx.taken.add(best.proposal.instalment.paymentId);
      return entry(best.proposal, [...candidates.slice(1).map((c) => c.proposal), movement]);
    }
    return entry(
      movement,
      candidates.map((c) => c.proposal),
    );
  }
  return entry(movement);
}

/** Each line of the statement with its proposal and alternatives (statement order). */
export async function proposeStatement<S extends BookingScope>(
  db: Db,
  ports: MatchPorts<S>,
  statement: ParsedStatement,
  accountId: number,
): Promise<StatementEntry[]> {
  const scope = ports.scope;
  const ctx: MatchContext = {
    db,
    scope,
    orderTransfers: (orderId) => ports.orderTransfers(db, ports.scope, orderId),
    accountId,
    orders: await ordersByMsgId(db, scope, statement.lines),
    transfers: new Map(),
    open: (await openInstalments(db, scope)).filter((c) => c.accountId === null || c.accountId === accountId),
    taken: new Set(),
    suppliers: await suppliersByIban(db, scope),
    rules: await rulesOf(db, scope.departmentId),
  };
  const booked = await bookedKeys(
    db,
    accountId,
    statement.lines.map((l) => l.key),
  );
  const entries: StatementEntry[] = [];
  for (const line of statement.lines) entries.push(await proposeLine(ctx, line, booked.get(line.key)));
  return entries;
}
