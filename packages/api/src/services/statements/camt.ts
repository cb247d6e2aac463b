/**
 * Reading an ISO 20022 bank statement (issue 28): camt.053.001.02 (BkToCstmrStmt, the end-of-day statement the
 * brigades' banks deliver) and camt.054.001.02 (BkToCstmrDbtCdtNtfctn, a notification without balances), one
 * statement of one account per file. The text is checked to be well-formed XML by fast-xml-parser's validator
 * and read with its parser with entity processing off; a DOCTYPE (internal entities, external ones) is refused
 * before either runs, so no entity is ever expanded. Only the five predefined XML entities and character
 * references are decoded in the values read. Every refusal is StatementFormat with the reason in `params`.
 */
import { createHash } from 'node:crypto';
import type { CreditDebit, ParsedStatement, StatementBalance, StatementHead, StatementLine, StatementMessage } from '@app/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { fail } from '../../errors.ts';

type Node = Record<string, unknown>;

const NAMESPACES: Record<string, { message: StatementMessage; body: string; statement: string }> = {
  'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02': { message: 'camt.053', body: 'BkToCstmrStmt', statement: 'Stmt' },
  'urn:iso:std:iso:20022:tech:xsd:camt.054.001.02': { message: 'camt.054', body: 'BkToCstmrDbtCdtNtfctn', statement: 'Ntfctn' },
};

/** Elements that may repeat: always read as arrays. */
const REPEATED = new Set(['Stmt', 'Ntfctn', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

function refuse(reason: string, params: Record<string, string | number> = {}): never {
  fail('StatementFormat', { field: 'file', params: { reason, ...params } });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** A value's text with the predefined entities and character references decoded (nothing else is expanded). */
function decode(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return safeCodePoint(parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return safeCodePoint(parseInt(name.slice(1), 10), whole);
    return ENTITIES[name] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

/** The node at a path of element names (undefined when any step is missing); an array step takes its first item. */
function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (Array.isArray(current)) current = current[0];
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Node)[name];
  }
  return current;
}

/** An element's text ('' when missing). */
function textOf(node: unknown, ...path: string[]): string {
  const value = at(node, ...path);
  const item = Array.isArray(value) ? value[0] : value;
  if (typeof item === 'string') return decode(item);
  if (item && typeof item === 'object' && typeof (item as Node)['#text'] === 'string') return decode((item as Node)['#text'] as string);
  return '';
}

const orNull = (value: string): string | null => (value === '' ? null : value);

function list(value: unknown): Node[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is Node => !!v && typeof v === 'object');
}

/** An amount `1234.5` as cents, exactly (no floating point); `where` names it in the refusal. */
export function amountCents(text: string, where: string): number {
  const m = /^(\d{1,12})(?:\.(\d{1,5}))?$/.exec(text.trim());
  if (!m) refuse('Amount', { where, value: text.slice(0, 40) });
  const fraction = (m[2] ?? '').padEnd(5, '0');
  if (!/^\d\d0{3}$/.test(fraction)) refuse('Amount', { where, value: text.slice(0, 40) });
  return Number(m[1]) * 100 + Number(fraction.slice(0, 2));
}

/** A date element (`Dt`, or the date of `DtTm`) as `YYYY-MM-DD`, or null when there is none. */
function dateOf(node: unknown, where: string): string | null {
  const text = textOf(node, 'Dt') || textOf(node, 'DtTm');
  if (text === '') return null;
  const date = text.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) refuse('Date', { where, value: text.slice(0, 40) });
  return date;
}

function creditDebit(node: unknown, where: string): CreditDebit {
  const value = textOf(node, 'CdtDbtInd');
  if (value !== 'CRDT' && value !== 'DBIT') refuse('CreditDebit', { where, value: value.slice(0, 10) });
  return value;
}

function balance(balances: Node[], code: 'OPBD' | 'CLBD', where: string): StatementBalance | null {
  const found = balances.find((b) => textOf(b, 'Tp', 'CdOrPrtry', 'Cd') === code);
  if (!found) return null;
  const cents = amountCents(textOf(found, 'Amt'), `${where} ${code}`);
  const date = dateOf(at(found, 'Dt'), `${where} ${code}`);
  if (!date) refuse('Date', { where: `${where} ${code}`, value: '' });
  return { amount: creditDebit(found, `${where} ${code}`) === 'DBIT' ? -cents : cents, date };
}

/** The root element and its namespace; refuses what is not XML or has a DOCTYPE. */
function documentOf(content: string): { root: Node; namespace: string } {
  if (/<!DOCTYPE/i.test(content) || /<!ENTITY/i.test(content)) refuse('Doctype');
  const trimmed = content.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed.startsWith('<')) refuse('NotXml');
  const valid = XMLValidator.validate(trimmed, { allowBooleanAttributes: false });
  if (valid !== true) refuse('NotXml', { line: valid.err.line, message: valid.err.msg.slice(0, 200) });
  let parsed: Node;
  try {
    parsed = parser.parse(trimmed) as Node;
  } catch {
    refuse('NotXml');
  }
  const root = parsed.Document;
  if (!root || typeof root !== 'object' || Array.isArray(root)) refuse('Namespace', { namespace: Object.keys(parsed)[0] ?? '' });
  return { root: root as Node, namespace: rootNamespace(trimmed) };
}

/** The namespace of the root element `Document` (default or of its prefix), read off its start tag (the parser drops prefixes). */
function rootNamespace(content: string): string {
  const tag = /<(?:([A-Za-z_][\w.-]*):)?Document\b([^>]*)>/.exec(content);
  if (!tag) return '';
  const attribute = tag[1] ? `xmlns:${tag[1]}` : 'xmlns';
  const value = new RegExp(`\\s${attribute}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag[2] ?? '');
  return value ? (value[2] ?? value[3] ?? '') : '';
}

/** The line's digest: the same line in another file (or the same file again) has the same key. */
function lineKey(iban: string, parts: readonly (string | number | boolean | null)[]): string {
  return createHash('sha256')
    .update(JSON.stringify([iban, ...parts]))
    .digest('hex');
}

/** The counterparty of a transaction: the creditor of a debit, the debtor of a credit (swapped for a reversal). */
function counterparty(tx: Node | undefined, direction: CreditDebit, reversal: boolean): { name: string; iban: string } {
  const parties = at(tx, 'RltdPties');
  const creditorSide = (direction === 'DBIT') !== reversal;
  const [first, second] = creditorSide ? (['Cdtr', 'Dbtr'] as const) : (['Dbtr', 'Cdtr'] as const);
  const name = textOf(parties, first, 'Nm') || textOf(parties, second, 'Nm');
  const iban = textOf(parties, `${first}Acct`, 'Id', 'IBAN') || textOf(parties, `${second}Acct`, 'Id', 'IBAN');
  return { name: name.slice(0, 140), iban: iban.replace(/\s+/g, '').toUpperCase().slice(0, 34) };
}

function remittanceOf(tx: Node | undefined, entry: Node): string {
  const info = at(tx, 'RmtInf');
  const items = info && typeof info === 'object' && !Array.isArray(info) ? ((info as Node).Ustrd as unknown[] | undefined) : undefined;
  const strings = (items ?? []).map((u) => (typeof u === 'string' ? decode(u) : textOf(u))).filter((t) => t !== '');
  const text = strings.length > 0 ? strings.join(' ') : textOf(tx, 'AddtlTxInf') || textOf(entry, 'AddtlNtryInf');
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/** The lines of one entry: one, or one per transaction of a batch (their amounts must add up to the entry's). */
function entryLines(entry: Node, entryNumber: number, iban: string, firstIndex: number): StatementLine[] {
  const where = `Ntry ${entryNumber}`;
  const entryAmount = amountCents(textOf(entry, 'Amt'), where);
  const direction = creditDebit(entry, where);
  const reversal = textOf(entry, 'RvslInd') === 'true';
  const bookingDate = dateOf(at(entry, 'BookgDt'), `${where} BookgDt`);
  if (!bookingDate) refuse('Date', { where: `${where} BookgDt`, value: '' });
  const valueDate = dateOf(at(entry, 'ValDt'), `${where} ValDt`);
  const status = textOf(entry, 'Sts') || textOf(entry, 'Sts', 'Cd');
  const entryRef = orNull(textOf(entry, 'NtryRef'));
  const entryServicerRef = textOf(entry, 'AcctSvcrRef');
  const txs = list(at(entry, 'NtryDtls')).flatMap((d) => list(d.TxDtls));
  const batch = txs.length > 1;
  const amounts = txs.map((tx, i) => {
    const text = textOf(tx, 'AmtDtls', 'TxAmt', 'Amt') || textOf(tx, 'AmtDtls', 'InstdAmt', 'Amt') || textOf(tx, 'Amt');
    if (text === '') return batch ? refuse('Amount', { where: `${where} TxDtls ${i + 1}`, value: '' }) : entryAmount;
    return amountCents(text, `${where} TxDtls ${i + 1}`);
  });
  if (batch && amounts.reduce((a, b) => a + b, 0) !== entryAmount) refuse('BatchTotal', { where });
  const transactions: (Node | undefined)[] = txs.length > 0 ? txs : [undefined];
  return transactions.map((tx, i) => {
    const party = counterparty(tx, direction, reversal);
    const refs = at(tx, 'Refs');
    const line = {
      endToEndId: orNull(textOf(refs, 'EndToEndId').replace(/^NOTPROVIDED$/, '')),
      msgId: orNull(textOf(refs, 'MsgId')),
      instrId: orNull(textOf(refs, 'InstrId')),
      acctSvcrRef: orNull(textOf(refs, 'AcctSvcrRef') || entryServicerRef),
    };
    const amount = amounts[i] ?? entryAmount;
    return {
      index: firstIndex + i,
      key: lineKey(iban, [entryServicerRef, entryRef, bookingDate, valueDate, direction, entryAmount, reversal, i, line.endToEndId, line.acctSvcrRef, amount]),
      entryNumber,
      entryRef,
      bookingDate,
      valueDate,
      amount,
      entryAmount,
      creditDebit: direction,
      status,
      reversal,
      batch,
      ...line,
      counterpartyName: party.name,
      counterpartyIban: party.iban,
      remittance: remittanceOf(tx, entry),
    };
  });
}

/** Reads a camt.053.001.02 or camt.054.001.02 file (StatementFormat with the reason otherwise). */
export function parseStatement(content: string): ParsedStatement {
  const { root, namespace } = documentOf(content);
  const kind = NAMESPACES[namespace];
  if (!kind) refuse('Namespace', { namespace: namespace.slice(0, 100) });
  const body = at(root, kind.body);
  if (!body || typeof body !== 'object') refuse('NoStatement');
  const statements = list((body as Node)[kind.statement]);
  if (statements.length === 0) refuse('NoStatement');
  if (statements.length > 1) refuse('SeveralStatements', { count: statements.length });
  const stmt = statements[0]!;
  const iban = textOf(stmt, 'Acct', 'Id', 'IBAN').replace(/\s+/g, '').toUpperCase();
  if (iban === '') refuse('NoIban');
  const createdOn = (textOf(stmt, 'CreDtTm') || textOf(body, 'GrpHdr', 'CreDtTm')).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(createdOn)) refuse('Date', { where: 'CreDtTm', value: createdOn });
  const balances = list((stmt as Node).Bal);
  const seq = textOf(stmt, 'ElctrncSeqNb');
  const head: StatementHead = {
    message: kind.message,
    messageId: textOf(body, 'GrpHdr', 'MsgId').slice(0, 35),
    statementId: textOf(stmt, 'Id').slice(0, 35),
    sequenceNumber: /^\d{1,9}$/.test(seq) ? Number(seq) : null,
    createdOn,
    iban,
    currency: textOf(stmt, 'Acct', 'Ccy') || 'EUR',
    fromDate: orNull(textOf(stmt, 'FrToDt', 'FrDtTm').slice(0, 10)),
    toDate: orNull(textOf(stmt, 'FrToDt', 'ToDtTm').slice(0, 10)),
    opening: balance(balances, 'OPBD', 'Bal'),
    closing: balance(balances, 'CLBD', 'Bal'),
  };
  if (head.currency !== 'EUR') refuse('Currency', { currency: head.currency.slice(0, 3) });
  const lines: StatementLine[] = [];
  list((stmt as Node).Ntry).forEach((entry, i) => lines.push(...entryLines(entry, i + 1, iban, lines.length)));
  return { head, lines };
}
