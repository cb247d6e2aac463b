import { type OrderTransfer, type PaymentOrder, PaymentRange } from '@app/domain';
import { el, xmlDocument, type XmlElement } from './xml.ts';

/**
 * The bank file of a payment order (DOMAIN "Homebanking"): a domestic order as CBI
 * `CBIPaymentRequest.00.04.00` (the Italian profile of pain.001: debtor by its CBI CUC, debtor bank
 * by its ABI), a foreign order as ISO 20022 `pain.001.001.03` (creditor bank by its BIC). Both are
 * one payment block of SEPA credit transfers in EUR, charges shared (SLEV). Element order and
 * required elements follow the schemas in packages/reports/test/xsd (validated by the tests).
 */

export const CBI_NAMESPACE = 'urn:CBI:xsd:CBIPaymentRequest.00.04.00';
export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

type Flavour = 'cbi' | 'pain';

/** Cents as the file's decimal amount with two decimals (`123456` → `1234.56`), from integers only. */
export function decimalAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`amount must be non-negative whole cents: ${cents}`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** An instant as the local date and time in Italy with its offset (`2026-11-25T10:30:00+01:00`), CreDtTm. */
export function italianDateTime(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an instant: ${instant}`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

function eur(cents: number): XmlElement {
  return el('InstdAmt', decimalAmount(cents), { Ccy: 'EUR' });
}

function ibanAccount(name: string, iban: string): XmlElement {
  return el(name, [el('Id', [el('IBAN', iban)])]);
}

/** The department as initiating party: its name and, when it has one, the CBI CUC (Issr CBI; required in the CBI file). */
function initiatingParty(order: PaymentOrder): XmlElement {
  const cuc = order.debtor.cbiCuc;
  const id = cuc === '' ? null : el('Id', [el('OrgId', [el('Othr', [el('Id', cuc), el('Issr', 'CBI')])])]);
  return el('InitgPty', [el('Nm', order.debtor.name), id]);
}

function groupHeader(order: PaymentOrder): XmlElement {
  return el('GrpHdr', [
    el('MsgId', order.msgId),
    el('CreDtTm', italianDateTime(order.createdAt)),
    el('NbOfTxs', String(order.count)),
    el('CtrlSum', decimalAmount(order.total)),
    initiatingParty(order),
  ]);
}

/** The debtor's bank: in the CBI file by its ABI (and BIC when known); in pain.001 by its BIC, else NOTPROVIDED (EPC). */
function debtorAgent(order: PaymentOrder, flavour: Flavour): XmlElement {
  const bic = order.debtor.bic ? el('BIC', order.debtor.bic) : null;
  if (flavour === 'cbi') {
    if (order.debtor.abi === null) throw new RangeError('a CBI file needs the ABI of the debtor bank');
    return el('DbtrAgt', [el('FinInstnId', [bic, el('ClrSysMmbId', [el('MmbId', order.debtor.abi)])])]);
  }
  return el('DbtrAgt', [el('FinInstnId', [bic ?? el('Othr', [el('Id', 'NOTPROVIDED')])])]);
}

/** A party's postal address as country and up to two address lines (both schemas, EPC); none when nothing is known. */
function postalAddress(party: { country: string | null; addressLines: readonly string[] }): XmlElement | null {
  if (party.country === null && party.addressLines.length === 0) return null;
  return el('PstlAdr', [party.country === null ? null : el('Ctry', party.country), ...party.addressLines.slice(0, 2).map((line) => el('AdrLine', line))]);
}

function transaction(transfer: OrderTransfer, flavour: Flavour): XmlElement {
  const { creditor } = transfer;
  if (flavour === 'pain' && creditor.bic === null) throw new RangeError(`transfer ${transfer.number}: a foreign transfer needs the creditor's BIC`);
  return el('CdtTrfTxInf', [
    el('PmtId', [el('InstrId', transfer.instrId), el('EndToEndId', transfer.endToEndId)]),
    el('Amt', [eur(transfer.amount)]),
    creditor.bic === null ? null : el('CdtrAgt', [el('FinInstnId', [el('BIC', creditor.bic)])]),
    el('Cdtr', [el('Nm', creditor.name), postalAddress(creditor)]),
    ibanAccount('CdtrAcct', creditor.iban),
    transfer.remittance === '' ? null : el('RmtInf', [el('Ustrd', transfer.remittance)]),
  ]);
}

function paymentInformation(order: PaymentOrder, flavour: Flavour): XmlElement {
  const pain = flavour === 'pain';
  return el('PmtInf', [
    el('PmtInfId', order.pmtInfId),
    el('PmtMtd', 'TRF'),
    pain && el('NbOfTxs', String(order.count)),
    pain && el('CtrlSum', decimalAmount(order.total)),
    el('PmtTpInf', [el('SvcLvl', [el('Cd', 'SEPA')])]),
    el('ReqdExctnDt', order.executionDate),
    el('Dbtr', [el('Nm', order.debtor.name), postalAddress(order.debtor)]),
    ibanAccount('DbtrAcct', order.debtor.iban),
    debtorAgent(order, flavour),
    el('ChrgBr', 'SLEV'),
    ...order.transfers.map((t) => transaction(t, flavour)),
  ]);
}

function checkTotals(order: PaymentOrder): void {
  if (order.transfers.length === 0) throw new RangeError('an order without transfers has no bank file');
  const total = order.transfers.reduce((sum, t) => sum + t.amount, 0);
  if (order.count !== order.transfers.length || order.total !== total) throw new RangeError('the order totals do not match its transfers');
}

/** A domestic order as CBI `CBIPaymentRequest.00.04.00` (needs the department's CUC and the debtor's ABI). */
export function cbiPaymentRequest(order: PaymentOrder): string {
  checkTotals(order);
  if (order.debtor.cbiCuc === '') throw new RangeError('a CBI file needs the CBI CUC of the department (CucMissing)');
  return xmlDocument(el('CBIPaymentRequest', [groupHeader(order), paymentInformation(order, 'cbi')], { xmlns: CBI_NAMESPACE }));
}

/** A foreign order as ISO 20022 `pain.001.001.03` (every creditor with its BIC). */
export function pain001(order: PaymentOrder): string {
  checkTotals(order);
  return xmlDocument(el('Document', [el('CstmrCdtTrfInitn', [groupHeader(order), paymentInformation(order, 'pain')])], { xmlns: PAIN_001_NAMESPACE }));
}

/** The file name: the typed name (or `homebanking`) without characters a file system refuses, with `.xml`. */
export function bankFileName(name: string | null | undefined): string {
  const base = (name ?? '')
    .trim()
    .replace(/\.xml$/i, '')
    .replace(/[^\p{L}\p{N} ._-]/gu, '_')
    .replace(/^[.\s]+/, '');
  return `${base === '' ? 'homebanking' : base}.xml`;
}

/** The electronic part of the export: the file for the order's range (domestic CBI, foreign pain.001). */
export function bankFile(order: PaymentOrder, name?: string | null): { fileName: string; mimeType: 'application/xml'; content: string } {
  const content = order.range === PaymentRange.Domestic ? cbiPaymentRequest(order) : pain001(order);
  return { fileName: bankFileName(name), mimeType: 'application/xml', content };
}
