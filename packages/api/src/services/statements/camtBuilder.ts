/**
 * Writes a camt.053.001.02 statement (or camt.054.001.02 notification) in the standard's structure from plain
 * values (issue 28): the tests write their statements with it, and the demo's December statement of 102 is built
 * with it from the demo data (demoStatement.ts). Amounts in cents; the closing balance is the opening plus the
 * credits minus the debits unless given.
 */

export interface CamtTransaction {
  /** Cents; default: the entry's amount (a single transaction). */
  amount?: number;
  endToEndId?: string;
  msgId?: string;
  instrId?: string;
  pmtInfId?: string;
  acctSvcrRef?: string;
  /** The counterparty (the creditor of a debit, the debtor of a credit; of a reversal the original creditor). */
  name?: string;
  iban?: string;
  remittance?: string | string[];
  /** A return's reason code (RtrInf/Rsn/Cd, e.g. AC04 account closed). */
  returnReason?: string;
}

export interface CamtEntry {
  creditDebit: 'CRDT' | 'DBIT';
  bookingDate: string;
  valueDate?: string;
  /** Cents; default: the sum of the transactions. */
  amount?: number;
  status?: string;
  reversal?: boolean;
  ref?: string;
  acctSvcrRef?: string;
  /** Several: a batch booking (NtryDtls/Btch with one TxDtls per transaction). */
  transactions?: CamtTransaction[];
  info?: string;
}

export interface CamtStatement {
  message?: 'camt.053' | 'camt.054';
  msgId?: string;
  statementId: string;
  sequence?: number;
  /** ISO date and time of creation. */
  createdAt: string;
  iban: string;
  currency?: string;
  from?: string;
  to?: string;
  opening?: { amount: number; date: string };
  closing?: { amount: number; date: string };
  entries: CamtEntry[];
}

const NS = { 'camt.053': 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02', 'camt.054': 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.02' };

const escape = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Cents as the standard's decimal amount (`1234.50`). */
export function camtAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function el(name: string, value: string | undefined): string {
  return value === undefined || value === '' ? '' : `<${name}>${escape(value)}</${name}>`;
}

const entryAmount = (e: CamtEntry): number => e.amount ?? (e.transactions ?? []).reduce((sum, t) => sum + (t.amount ?? 0), 0);

function party(role: 'Dbtr' | 'Cdtr', name?: string, iban?: string): string {
  return `${name ? `<${role}>${el('Nm', name)}</${role}>` : ''}${iban ? `<${role}Acct><Id>${el('IBAN', iban)}</Id></${role}Acct>` : ''}`;
}

function transaction(entry: CamtEntry, tx: CamtTransaction, currency: string, batch: boolean): string {
  const refs =
    el('MsgId', tx.msgId) + el('AcctSvcrRef', tx.acctSvcrRef) + el('PmtInfId', tx.pmtInfId) + el('InstrId', tx.instrId) + el('EndToEndId', tx.endToEndId);
  const amount = tx.amount ?? entryAmount(entry);
  const amt = batch || tx.amount !== undefined ? `<AmtDtls><TxAmt><Amt Ccy="${currency}">${camtAmount(amount)}</Amt></TxAmt></AmtDtls>` : '';
  const creditorSide = (entry.creditDebit === 'DBIT') !== (entry.reversal ?? false);
  const parties = creditorSide ? party('Cdtr', tx.name, tx.iban) : party('Dbtr', tx.name, tx.iban);
  const ustrd = tx.remittance === undefined ? [] : Array.isArray(tx.remittance) ? tx.remittance : [tx.remittance];
  const rmt = ustrd.length > 0 ? `<RmtInf>${ustrd.map((u) => el('Ustrd', u)).join('')}</RmtInf>` : '';
  const rtr = tx.returnReason ? `<RtrInf><Rsn>${el('Cd', tx.returnReason)}</Rsn></RtrInf>` : '';
  return `<TxDtls>${refs ? `<Refs>${refs}</Refs>` : ''}${amt}${parties ? `<RltdPties>${parties}</RltdPties>` : ''}${rmt}${rtr}</TxDtls>`;
}

function entryXml(entry: CamtEntry, currency: string): string {
  const txs = entry.transactions ?? [];
  const batch = txs.length > 1;
  const details =
    txs.length === 0
      ? ''
      : `<NtryDtls>${batch ? `<Btch><NbOfTxs>${txs.length}</NbOfTxs></Btch>` : ''}${txs.map((t) => transaction(entry, t, currency, batch)).join('')}</NtryDtls>`;
  return (
    `<Ntry>${el('NtryRef', entry.ref)}<Amt Ccy="${currency}">${camtAmount(entryAmount(entry))}</Amt>${el('CdtDbtInd', entry.creditDebit)}` +
    `${entry.reversal ? '<RvslInd>true</RvslInd>' : ''}${el('Sts', entry.status ?? 'BOOK')}<BookgDt>${el('Dt', entry.bookingDate)}</BookgDt>` +
    `<ValDt>${el('Dt', entry.valueDate ?? entry.bookingDate)}</ValDt>${el('AcctSvcrRef', entry.acctSvcrRef)}` +
    `<BkTxCd><Prtry><Cd>${entry.creditDebit === 'DBIT' ? 'PMNT/ICDT' : 'PMNT/RCDT'}</Cd></Prtry></BkTxCd>${details}${el('AddtlNtryInf', entry.info)}</Ntry>`
  );
}

function balanceXml(code: 'OPBD' | 'CLBD', b: { amount: number; date: string }, currency: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${camtAmount(b.amount)}</Amt><CdtDbtInd>${b.amount < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${b.date}</Dt></Dt></Bal>`;
}

/** The closing balance the entries make from the opening one (booked entries only). */
export function closingOf(s: Pick<CamtStatement, 'opening' | 'entries'>): number {
  return s.entries
    .filter((e) => (e.status ?? 'BOOK') === 'BOOK')
    .reduce((sum, e) => sum + (e.creditDebit === 'CRDT' ? 1 : -1) * entryAmount(e), s.opening?.amount ?? 0);
}

/** The statement as the XML text a bank sends. */
export function camtXml(s: CamtStatement): string {
  const message = s.message ?? 'camt.053';
  const currency = s.currency ?? 'EUR';
  const lastDate = s.to ?? s.entries.at(-1)?.bookingDate ?? s.createdAt.slice(0, 10);
  const balances =
    message === 'camt.053' && s.opening
      ? balanceXml('OPBD', s.opening, currency) + balanceXml('CLBD', s.closing ?? { amount: closingOf(s), date: lastDate }, currency)
      : '';
  const period = s.from && s.to ? `<FrToDt><FrDtTm>${s.from}T00:00:00</FrDtTm><ToDtTm>${s.to}T23:59:59</ToDtTm></FrToDt>` : '';
  const [body, stmt] = message === 'camt.053' ? ['BkToCstmrStmt', 'Stmt'] : ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'];
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${NS[message]}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<${body}><GrpHdr>${el('MsgId', s.msgId ?? `MSG-${s.statementId}`)}${el('CreDtTm', s.createdAt)}</GrpHdr>` +
    `<${stmt}>${el('Id', s.statementId)}${s.sequence !== undefined ? el('ElctrncSeqNb', String(s.sequence)) : ''}${el('CreDtTm', s.createdAt)}${period}` +
    `<Acct><Id>${el('IBAN', s.iban)}</Id>${el('Ccy', currency)}</Acct>${balances}${s.entries.map((e) => entryXml(e, currency)).join('\n')}</${stmt}></${body}></Document>\n`
  );
}
