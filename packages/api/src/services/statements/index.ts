/**
 * Bank statements (issue 28): `importStatement` reads a camt.053/camt.054 file of an account of the department
 * and answers each line's proposal, writing nothing; `confirmStatement` reads the same file again, proposes again
 * (the proposals are the server's, never the client's) and applies exactly the confirmed lines in one
 * transaction through the existing services (ports.ts: payments.register, payments.returned, payments.settle,
 * movements.save — their rules and refusals unchanged), then stores the statement with each line's outcome and
 * the bookings it made. Any refusal on the way leaves nothing. The same file or statement confirmed twice is
 * refused (StatementImported); importing it again says so (`duplicateOf`).
 */
import { type Db, schema } from '@app/db';
import {
  AppError,
  type MovementSave,
  MovementSaveInput,
  type StatementConfirm,
  type StatementConfirmResult,
  type StatementDecision,
  type StatementEntry,
  type StatementImportInput,
  type StatementImportResult,
  type StatementOutcome,
  type StatementProposal,
  sumCents,
} from '@app/domain';
import { TRPCError } from '@trpc/server';
import { fail, toTrpcError } from '../../errors.ts';
import { isUniqueViolation } from '../dbErrors.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { shareBookableHead } from '../ledger/head.ts';
import { proposeStatement } from './match.ts';
import type { MatchPorts, StatementPorts } from './ports.ts';
import { duplicateOf, type ReadStatement, readStatement } from './statementFile.ts';

const { bankStatementEntries, bankStatementEntryPayments, bankStatements } = schema;

/** Statements/Import: the statement with each line's proposal; writes nothing. */
export async function importStatement<S extends BookingScope>(
  db: Db,
  ports: MatchPorts<S>,
  input: Pick<StatementImportInput, 'content'>,
  maxBytes?: number,
): Promise<StatementImportResult> {
  const read = await readStatement(db, ports.scope, input.content, maxBytes);
  const entries = await proposeStatement(db, ports, read.parsed, read.account.id);
  const total = (cd: 'CRDT' | 'DBIT') => sumCents(read.parsed.lines.filter((l) => l.creditDebit === cd && l.status === 'BOOK').map((l) => l.amount)) ?? 0;
  return {
    head: read.parsed.head,
    accountId: read.account.id,
    accountCode: read.account.code,
    sha256: read.sha256,
    duplicateOf: await duplicateOf(db, ports.scope, read),
    entries,
    creditTotal: total('CRDT'),
    debitTotal: total('DBIT'),
  };
}

/** The proposal a decision takes (null: skipped); InvalidValue for an alternative the line doesn't have. */
function chosenProposal(entry: StatementEntry, decision: StatementDecision | undefined, at: number): StatementProposal | null {
  if (!decision || decision.action === 'skip') return null;
  if (decision.action === 'accept') return entry.proposal;
  const alternative = decision.alternative === null ? undefined : entry.alternatives[decision.alternative];
  if (!alternative) fail('InvalidValue', { field: `decisions.${at}.alternative`, params: { index: entry.index } });
  return alternative;
}

/** What a line booked: its outcome and the records it links. */
interface Applied {
  outcome: StatementOutcome;
  movementId: number | null;
  orderId: number | null;
  paid: number[];
  returned: number[];
}

const skipped: Applied = { outcome: 'skipped', movementId: null, orderId: null, paid: [], returned: [] };

/** The movement a draft books: the statement's scope and account, a new record, the line's amount and direction. */
function movementInput(
  scope: BookingScope,
  entry: StatementEntry,
  proposal: Extract<StatementProposal, { kind: 'movement' }>,
  edited: MovementSave | null,
  at: number,
  accountId: number,
): MovementSave {
  const draft = edited ?? {
    ...proposal.draft,
    positions: proposal.draft.positions.map((p) => {
      if (p.chapter === '') fail('InvalidValue', { field: `decisions.${at}.draft.positions.0.chapter`, params: { index: entry.index } });
      return { chapter: p.chapter, amount: p.amount, note: p.note };
    }),
  };
  const input = MovementSaveInput.parse({ ...draft, departmentId: scope.departmentId, year: scope.year, recordNumber: null, asNew: false });
  const kind = entry.creditDebit === 'CRDT' ? 'revenues' : 'expenses';
  const total = sumCents([...input.positions, ...input.transferPositions].map((p) => p.amount));
  if (input.kind !== kind || input.accountId !== accountId || total !== entry.amount)
    fail('InvalidValue', { field: `decisions.${at}.draft`, params: { index: entry.index, amount: entry.amount } });
  return input;
}

/** Applies one chosen proposal through the ports (registrations of one order once, with every line's instalments). */
async function apply<S extends BookingScope>(
  tx: Db,
  ports: StatementPorts<S>,
  entry: StatementEntry,
  proposal: StatementProposal | null,
  ctx: {
    decision: StatementDecision | undefined;
    at: number;
    accountId: number;
    orders: Map<number, number[]>;
    movements: Map<number, number>;
    registered: Set<number>;
  },
): Promise<Applied> {
  const { scope } = ports;
  const key = { departmentId: scope.departmentId, year: scope.year };
  if (!proposal || proposal.kind === 'none' || proposal.kind === 'alreadyBooked') return skipped;
  if (proposal.kind === 'registerOrder') {
    const paid = proposal.instalments.map((i) => i.paymentId);
    if (!ctx.registered.has(proposal.orderId)) {
      ctx.registered.add(proposal.orderId);
      const all = ctx.orders.get(proposal.orderId) ?? paid;
      const refs = [...new Set(all)].map((paymentId) => ({ paymentId, movementId: ctx.movements.get(paymentId) ?? 0 }));
      await ports.registerOrder(tx, scope, { ...key, orderId: proposal.orderId, datePaid: proposal.datePaid, payments: refs });
    }
    return { outcome: 'registered', movementId: null, orderId: proposal.orderId, paid, returned: [] };
  }
  if (proposal.kind === 'returnPayment') {
    for (const i of proposal.instalments)
      await ports.returnInstalment(tx, scope, { ...key, orderId: proposal.orderId, paymentId: i.paymentId, returnedOn: proposal.returnedOn });
    return { outcome: 'returned', movementId: null, orderId: proposal.orderId, paid: [], returned: proposal.instalments.map((i) => i.paymentId) };
  }
  if (proposal.kind === 'settleInstalment') {
    const { instalment } = proposal;
    await ports.settleInstalment(tx, scope, {
      ...key,
      movementId: instalment.movementId,
      paymentId: instalment.paymentId,
      datePaid: proposal.datePaid,
      accountId: proposal.accountId,
      note: '',
    });
    return { outcome: 'settled', movementId: null, orderId: null, paid: [instalment.paymentId], returned: [] };
  }
  const saved = await ports.saveMovement(tx, scope, movementInput(scope, entry, proposal, ctx.decision?.draft ?? null, ctx.at, ctx.accountId));
  return { outcome: 'booked', movementId: saved.id, orderId: null, paid: [], returned: [] };
}

async function storeStatement(tx: Db, scope: BookingScope & { userId?: number }, read: ReadStatement, fileName: string): Promise<number> {
  const { head } = read.parsed;
  const [row] = await tx
    .insert(bankStatements)
    .values({
      departmentId: scope.departmentId,
      year: scope.year,
      accountId: read.account.id,
      iban: head.iban.slice(0, 34),
      message: head.message,
      messageId: head.messageId,
      statementId: head.statementId,
      sequenceNumber: head.sequenceNumber,
      createdOn: head.createdOn,
      fromDate: head.fromDate,
      toDate: head.toDate,
      openingBalance: head.opening?.amount ?? null,
      openingDate: head.opening?.date ?? null,
      closingBalance: head.closing?.amount ?? null,
      closingDate: head.closing?.date ?? null,
      fileName: fileName.slice(0, 200),
      sha256: read.sha256,
      entryCount: read.parsed.lines.length,
      importedBy: scope.userId ?? null,
    })
    .returning({ id: bankStatements.id });
  if (!row) throw new Error('bank statement insert failed');
  return row.id;
}

/**
 * Statements/Confirm: the confirmed lines applied in one transaction (the scope's head shared: the year open, the
 * budget approved), the statement stored with every line and its outcome. Refused: the statement stored before
 * (StatementImported), a decision for no line or an alternative it lacks (InvalidValue), and whatever the applied
 * service refuses — then nothing is written.
 */
export async function confirmStatement<S extends BookingScope & { userId: number }>(
  db: Db,
  ports: StatementPorts<S>,
  input: StatementConfirm,
  maxBytes?: number,
): Promise<StatementConfirmResult> {
  const { scope } = ports;
  try {
    return await db.transaction(async (tx) => {
      await shareBookableHead(tx, scope);
      const read = await readStatement(tx, scope, input.content, maxBytes);
      const duplicate = await duplicateOf(tx, scope, read);
      if (duplicate) fail('StatementImported', { field: 'file', params: { statementId: duplicate.statementId, importedAt: duplicate.importedAt } });
      const entries = await proposeStatement(tx, ports, read.parsed, read.account.id);
      const decisions = new Map<number, { decision: StatementDecision; at: number }>();
      input.decisions.forEach((decision, at) => {
        if (!entries[decision.index] || decisions.has(decision.index))
          fail('InvalidValue', { field: `decisions.${at}.index`, params: { index: decision.index } });
        decisions.set(decision.index, { decision, at });
      });
      const chosen = entries.map((e) => chosenProposal(e, decisions.get(e.index)?.decision, decisions.get(e.index)?.at ?? 0));
      // the lines of one order are registered together; the instalments' movements for the registration's refs
      const ctx = { accountId: read.account.id, orders: new Map<number, number[]>(), movements: new Map<number, number>(), registered: new Set<number>() };
      for (const p of chosen)
        if (p?.kind === 'registerOrder') {
          ctx.orders.set(p.orderId, [...(ctx.orders.get(p.orderId) ?? []), ...p.instalments.map((i) => i.paymentId)]);
          for (const i of p.instalments) ctx.movements.set(i.paymentId, i.movementId);
        }
      const statementId = await storeStatement(tx, scope, read, input.fileName);
      const results: StatementConfirmResult['entries'] = [];
      for (const [i, entry] of entries.entries()) {
        const d = decisions.get(entry.index);
        const applied = await apply(tx, ports, entry, chosen[i] ?? null, { ...ctx, decision: d?.decision, at: d?.at ?? 0 }).catch((error: unknown) => {
          throw atLine(error, entry.index);
        });
        await storeLine(tx, statementId, read.account.id, entry, applied);
        results.push({
          index: entry.index,
          outcome: applied.outcome,
          movementId: applied.movementId,
          orderId: applied.orderId,
          paymentIds: [...applied.paid, ...applied.returned],
        });
      }
      const bookedCount = results.filter((r) => r.outcome !== 'skipped').length;
      return { statementId, booked: bookedCount, skipped: results.length - bookedCount, entries: results };
    });
  } catch (error) {
    if (isUniqueViolation(error)) fail('StatementImported', { field: 'file' });
    throw error;
  }
}

/** A service's refusal while a line is applied, named by the line (`lines.<index>.<field>`, `params.line`), so the screen shows where. */
function atLine(error: unknown, index: number): unknown {
  const cause = error instanceof TRPCError ? error.cause : undefined;
  if (!(cause instanceof AppError) || cause.field?.startsWith('decisions.')) return error;
  return toTrpcError(new AppError(cause.code, { field: `lines.${index}${cause.field ? `.${cause.field}` : ''}`, params: { ...cause.params, line: index } }));
}

async function storeLine(tx: Db, statementId: number, accountId: number, entry: StatementEntry, applied: Applied): Promise<void> {
  const [row] = await tx
    .insert(bankStatementEntries)
    .values({
      statementId,
      accountId,
      lineIndex: entry.index,
      entryKey: entry.key,
      bookingDate: entry.bookingDate,
      valueDate: entry.valueDate,
      amount: entry.amount,
      creditDebit: entry.creditDebit,
      reversal: entry.reversal,
      endToEndId: entry.endToEndId?.slice(0, 35) ?? null,
      msgId: entry.msgId?.slice(0, 35) ?? null,
      acctSvcrRef: entry.acctSvcrRef?.slice(0, 35) ?? null,
      counterpartyName: entry.counterpartyName,
      counterpartyIban: entry.counterpartyIban,
      remittance: entry.remittance,
      outcome: applied.outcome,
      movementId: applied.movementId,
      orderId: applied.orderId,
    })
    .returning({ id: bankStatementEntries.id });
  if (!row) throw new Error('bank statement entry insert failed');
  const links = [...applied.paid.map((paymentId) => ({ paymentId, role: 'paid' })), ...applied.returned.map((paymentId) => ({ paymentId, role: 'returned' }))];
  if (links.length > 0)
    await tx
      .insert(bankStatementEntryPayments)
      .values(links.map((l) => ({ entryId: row.id, ...l })))
      .onConflictDoNothing();
}
