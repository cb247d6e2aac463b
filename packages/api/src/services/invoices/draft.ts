/**
 * An invoice as a draft movement (issue 28, DOMAIN decision 28): nothing is written. The expense's amount is
 * the document's (ImportoTotaleDocumento, else taxable amounts plus VAT); a withholding and a split payment VAT
 * are left to a companion TransferExpense (type 3) from the expense chapter to a title-3 revenue chapter, as the
 * withholding tax is booked today, so the movement itself carries what the supplier is paid; its instalments
 * are DettaglioPagamento's (open payments where the department allows them); a credit note (TD04) is a revenue.
 */
import type { Db } from '@app/db';
import {
  AppError,
  addDays,
  type Invoice,
  type InvoiceDraft,
  type InvoiceFinding,
  type InvoiceMovementDraft,
  type InvoiceSupplierDraft,
  MovementType,
} from '@app/domain';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { bookedDuplicate, chapterPart, departmentFacts, type DepartmentFacts, findSupplier, type FoundSupplier, namedBill, vatChapter } from './lookups.ts';

/** The title-3 revenue chapters of the withheld taxes (the demo chart's, as the seed books them): income tax, social contributions. */
export const WITHHOLDING_CHAPTERS = { tax: '13001', social: '13002' } as const;
/** TipoRitenuta of social contributions (INPS, ENASARCO, ENPAM, other funds); RT01/RT02 are income tax. */
const SOCIAL_WITHHOLDINGS = new Set(['RT03', 'RT04', 'RT05', 'RT06']);

const finding = (code: InvoiceFinding['code'], params: InvoiceFinding['params'] = {}): InvoiceFinding => ({ code, params });
const cut = (text: string, max: number) => text.slice(0, max).trim();

/** The record date a draft proposes: today, or the last day of an earlier scope year. */
function recordDateOf(scope: Pick<BookingScope, 'year' | 'today'>): string {
  const end = `${scope.year}-12-31`;
  return scope.today < end ? scope.today : end;
}

/** The proposed new supplier: name (split over the two 40-character names), address, codes, the first IBAN of DettaglioPagamento. */
export function supplierDraft(invoice: Invoice, code: number): InvoiceSupplierDraft {
  const s = invoice.supplier;
  const instalment = invoice.payments.flatMap((p) => p.instalments).find((i) => i.iban !== '');
  const vat = s.vatCode.replace(/[^0-9A-Za-z]/g, '');
  return {
    code,
    searchKey: cut(s.name.toUpperCase(), 30),
    name1: cut(s.name, 40),
    name2: cut(s.name.slice(40), 40),
    street: cut(s.street, 40),
    country: cut(s.country || 'IT', 3),
    postalCode: cut(s.postalCode, 10),
    location: cut(s.location, 40),
    province: cut(s.province, 2).toUpperCase(),
    isoCode: cut(s.vatCountry || s.country || 'IT', 2).toUpperCase(),
    vatCode: vat.length <= 12 ? vat : '',
    taxCode: cut(s.taxCode.toUpperCase(), 16),
    paymentTerm: 30,
    chapterProposal: '',
    bankInfo: { iban: instalment?.iban ?? '', bankName: cut(instalment?.bankName ?? '', 120) },
  };
}

/** The instalments: DettaglioPagamento's (a missing due date after the payment term), or one of `toPay` when they don't add up to it. */
function instalmentsOf(invoice: Invoice, toPay: number, term: number, findings: InvoiceFinding[]): InvoiceMovementDraft['payments'] {
  const details = invoice.payments.flatMap((p) => p.instalments);
  const fallbackDue = addDays(invoice.date, term);
  if (details.some((d) => d.dueDate === null)) findings.push(finding('dueDateMissing', { term }));
  const total = details.reduce((sum, d) => sum + d.amount, 0);
  if (details.length > 0 && total === toPay) return details.map((d) => ({ amount: d.amount, dateDue: d.dueDate ?? fallbackDue, datePaid: null }));
  if (details.length > 0) findings.push(finding('instalmentsDiffer', { instalments: total, toPay }));
  return toPay > 0 ? [{ amount: toPay, dateDue: details[0]?.dueDate ?? fallbackDue, datePaid: null }] : [];
}

interface DraftContext {
  scope: BookingScope;
  facts: DepartmentFacts;
  supplier: FoundSupplier | null;
  /** The supplier's chapter proposal when it is an expense chapter of the scope's chart, else ''. */
  chapter: string;
  /** The title-3 chapter of split payment VAT. */
  splitChapter: string;
}

function baseMovement(ctx: DraftContext, invoice: Invoice): Omit<InvoiceMovementDraft, 'kind' | 'type'> {
  return {
    departmentId: ctx.scope.departmentId,
    year: ctx.scope.year,
    recordNumber: null,
    asNew: false,
    recordDate: recordDateOf(ctx.scope),
    documentDate: invoice.date,
    documentNumber: cut(invoice.number, 50),
    supplierId: ctx.supplier?.id ?? null,
    accountId: ctx.facts.accountId,
    templateCode: null,
    positions: [],
    transferPositions: [],
    payments: [],
    confirmAvailableExceeded: false,
  };
}

/** The companion TransferExpense of the withholdings and the split payment VAT (null when there is neither). */
function companionOf(ctx: DraftContext, invoice: Invoice, findings: InvoiceFinding[]): InvoiceMovementDraft | null {
  const transfers: InvoiceMovementDraft['transferPositions'] = [];
  for (const w of invoice.withholdings) {
    const chapterTo = SOCIAL_WITHHOLDINGS.has(w.type) ? WITHHOLDING_CHAPTERS.social : WITHHOLDING_CHAPTERS.tax;
    transfers.push({ chapterFrom: ctx.chapter, chapterTo, amount: w.amount, note: cut(`Ritenuta ${w.type} ${w.rate}% ${invoice.number}`, 200) });
    findings.push(finding('withholding', { amount: w.amount, chapter: chapterTo, type: w.type }));
  }
  if (invoice.splitPaymentVat > 0) {
    transfers.push({
      chapterFrom: ctx.chapter,
      chapterTo: ctx.splitChapter,
      amount: invoice.splitPaymentVat,
      note: cut(`IVA split payment ${invoice.number}`, 200),
    });
    findings.push(finding('splitPayment', { amount: invoice.splitPaymentVat, chapter: ctx.splitChapter }));
  }
  if (transfers.length === 0) return null;
  const base = baseMovement(ctx, invoice);
  // a transfer has no document number, supplier or account (hidden fields of type 3)
  return { ...base, kind: 'expenses', type: MovementType.TransferExpense, documentNumber: '', supplierId: null, accountId: null, transferPositions: transfers };
}

/** The expense (or, for a credit note, the revenue) of one invoice with its findings. */
async function movementsOf(db: Db, ctx: DraftContext, invoice: Invoice, findings: InvoiceFinding[]) {
  const base = baseMovement(ctx, invoice);
  const withheld = invoice.withholdingTotal + invoice.splitPaymentVat;
  const toPay = invoice.gross - withheld;
  if (invoice.documentType === 'TD04') {
    const linked = invoice.linkedDocuments[0];
    const bill = linked ? await namedBill(db, ctx.scope.departmentId, ctx.supplier?.id ?? null, linked.number, linked.date) : null;
    const params: InvoiceFinding['params'] = { bill: linked?.number ?? '' };
    if (bill) Object.assign(params, { billRecordNumber: bill.recordNumber, billYear: bill.year, billChapter: bill.chapter ?? '' });
    findings.push(finding('creditNote', params));
    if (!bill) findings.push(finding('creditNoteBillNotFound', { bill: linked?.number ?? '' }));
    // a revenue books on a revenue chapter only: the bill's chapter is named in the finding, the cashier chooses the revenue's
    findings.push(finding('noChapter'));
    const movement: InvoiceMovementDraft = {
      ...base,
      kind: 'revenues',
      type: MovementType.Revenue,
      supplierId: null,
      positions: [{ chapter: '', amount: invoice.gross, note: cut(`${invoice.supplier.name} ${invoice.number}`, 200) }],
    };
    return { movement, companion: null, toPay: invoice.gross };
  }
  const open = ctx.facts.openPaymentsAllowed;
  if (!open) findings.push(finding('openPaymentsNotAllowed'));
  const term = ctx.supplier?.paymentTerm ?? 30;
  const movement: InvoiceMovementDraft = {
    ...base,
    kind: 'expenses',
    type: open ? MovementType.PaymentOpen : MovementType.PaymentDone,
    positions: [{ chapter: ctx.chapter, amount: toPay, note: cut(invoice.lines[0]?.description ?? invoice.reason, 200) }],
    payments: open ? instalmentsOf(invoice, toPay, term, findings) : [],
  };
  return { movement, companion: companionOf(ctx, invoice, findings), toPay };
}

/**
 * The draft of one invoice for the scope: the supplier found (by VAT number, then tax code) or proposed,
 * the movement in the shape `movements.save` takes, its companion transfer, the findings. An invoice booked
 * already (same supplier, number and date) is refused: InvoiceDuplicate naming the record.
 */
export async function draftOf(db: Db, scope: BookingScope, invoice: Invoice): Promise<InvoiceDraft> {
  const findings: InvoiceFinding[] = [];
  const [facts, supplier] = await Promise.all([departmentFacts(db, scope.departmentId), findSupplier(db, scope.departmentId, invoice.supplier)]);
  await refuseDuplicate(db, scope.departmentId, supplier?.id ?? null, invoice);
  if (supplier) findings.push(finding('supplierFound', { code: supplier.code, by: supplier.by }));
  else findings.push(finding('supplierNew'));
  // the bank pays the supplier's IBAN (homebanking): one the invoice names otherwise is told
  const iban = invoice.payments
    .flatMap((p) => p.instalments)
    .find((i) => i.iban !== '')
    ?.iban.replace(/\s+/g, '')
    .toUpperCase();
  if (supplier && iban && supplier.iban.replace(/\s+/g, '').toUpperCase() !== iban)
    findings.push(finding('ibanDiffers', { invoice: iban, supplier: supplier.iban }));
  const proposal = supplier?.chapterProposal ?? '';
  const chapter = proposal && (await chapterPart(db, scope, proposal)) === 2 ? proposal : '';
  if (!chapter && invoice.documentType !== 'TD04') findings.push(finding('noChapter', { proposal }));
  const splitChapter = invoice.splitPaymentVat > 0 ? ((await vatChapter(db, scope)) ?? WITHHOLDING_CHAPTERS.tax) : WITHHOLDING_CHAPTERS.tax;
  if (!facts.accountId) findings.push(finding('noAccount'));
  if (invoice.currency !== 'EUR') findings.push(finding('currency', { currency: invoice.currency }));
  if (invoice.totalDocument === null) findings.push(finding('totalFromLines', { total: invoice.gross }));
  else if (invoice.totalDocument !== invoice.taxableTotal + invoice.vatTotal)
    findings.push(finding('amountDiffersFromLines', { total: invoice.totalDocument, lines: invoice.taxableTotal + invoice.vatTotal }));
  const ctx: DraftContext = { scope, facts, supplier, chapter, splitChapter };
  const { movement, companion, toPay } = await movementsOf(db, ctx, invoice, findings);
  return {
    movement,
    companion,
    supplier: supplier
      ? {
          id: supplier.id,
          code: supplier.code,
          name1: supplier.name1,
          name2: supplier.name2,
          chapterProposal: supplier.chapterProposal,
          paymentTerm: supplier.paymentTerm,
        }
      : null,
    newSupplier: supplier ? null : supplierDraft(invoice, facts.nextSupplierCode),
    gross: invoice.gross,
    withholding: invoice.withholdingTotal,
    splitPaymentVat: invoice.splitPaymentVat,
    toPay,
    findings,
  };
}

/** InvoiceDuplicate (409) naming the record booked for the same supplier, document number and date. */
export async function refuseDuplicate(db: Db, departmentId: number, supplierId: number | null, invoice: Invoice): Promise<void> {
  const booked = await bookedDuplicate(db, departmentId, supplierId, invoice);
  if (booked)
    throw new AppError('InvoiceDuplicate', {
      field: 'file',
      message: `booked already: ${booked.kind} ${booked.recordNumber}/${booked.year}`,
      params: { recordNumber: booked.recordNumber, year: booked.year, kind: booked.kind },
    });
}
