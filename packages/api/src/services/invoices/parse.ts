/**
 * A checked FatturaPA document (schemaCheck.ts) into the typed invoice model (domain invoiceModel.ts): one
 * Invoice per FatturaElettronicaBody, with the header's parties. fast-xml-parser with entity processing off
 * (the document has no DTD: only the five predefined entities and character references are decoded, here).
 */
import { decimalCents, type Invoice, type InvoiceParty } from '@app/domain';
import { XMLParser } from 'fast-xml-parser';

type Node = Record<string, unknown>;

/** The elements the schema lets repeat: always arrays. */
const REPEATED = new Set([
  'FatturaElettronicaBody',
  'DettaglioLinee',
  'DatiRiepilogo',
  'DatiRitenuta',
  'DatiPagamento',
  'DettaglioPagamento',
  'Causale',
  'DatiFattureCollegate',
  'DatiOrdineAcquisto',
  'DatiContratto',
  'DatiConvenzione',
  'DatiRicezione',
  'DatiDDT',
  'CodiceArticolo',
  'ScontoMaggiorazione',
  'AltriDatiGestionali',
  'DatiCassaPrevidenziale',
  'Allegati',
  'RiferimentoNumeroLinea',
]);

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The predefined entities and character references of a text (nothing else can be in it: no DTD). */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, ref: string) =>
    ref.startsWith('#x')
      ? String.fromCodePoint(parseInt(ref.slice(2), 16))
      : ref.startsWith('#')
        ? String.fromCodePoint(Number(ref.slice(1)))
        : PREDEFINED[ref]!,
  );
}

const node = (value: unknown): Node => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {});
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(node) : value === undefined ? [] : [node(value)]);
const str = (value: unknown): string => (typeof value === 'string' ? decode(value) : typeof value === 'number' ? String(value) : '');
const at = (root: unknown, ...path: string[]): unknown => path.reduce<unknown>((n, key) => node(n)[key], root);
const text = (root: unknown, ...path: string[]): string => str(at(root, ...path));
const cents = (value: unknown): number => decimalCents(str(value)) ?? 0;
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

function party(root: unknown): InvoiceParty {
  const data = at(root, 'DatiAnagrafici');
  const name = text(data, 'Anagrafica', 'Denominazione') || [text(data, 'Anagrafica', 'Nome'), text(data, 'Anagrafica', 'Cognome')].filter(Boolean).join(' ');
  const seat = at(root, 'Sede');
  return {
    name,
    vatCountry: text(data, 'IdFiscaleIVA', 'IdPaese'),
    vatCode: text(data, 'IdFiscaleIVA', 'IdCodice'),
    taxCode: text(data, 'CodiceFiscale'),
    street: [text(seat, 'Indirizzo'), text(seat, 'NumeroCivico')].filter(Boolean).join(' '),
    postalCode: text(seat, 'CAP'),
    location: text(seat, 'Comune'),
    province: text(seat, 'Provincia'),
    country: text(seat, 'Nazione'),
  };
}

function body(header: unknown, format: string, b: Node): Invoice {
  const general = at(b, 'DatiGenerali', 'DatiGeneraliDocumento');
  const goods = at(b, 'DatiBeniServizi');
  const lines = list(node(goods).DettaglioLinee).map((l, i) => ({
    number: Number(text(l, 'NumeroLinea')) || i + 1,
    description: text(l, 'Descrizione'),
    quantity: text(l, 'Quantita'),
    unit: text(l, 'UnitaMisura'),
    unitPriceText: text(l, 'PrezzoUnitario'),
    unitPrice: cents(at(l, 'PrezzoUnitario')),
    total: cents(at(l, 'PrezzoTotale')),
    vatRate: text(l, 'AliquotaIVA'),
    nature: text(l, 'Natura'),
  }));
  const vatSummary = list(node(goods).DatiRiepilogo).map((r) => ({
    vatRate: text(r, 'AliquotaIVA'),
    nature: text(r, 'Natura'),
    taxable: cents(at(r, 'ImponibileImporto')),
    tax: cents(at(r, 'Imposta')),
    chargeability: text(r, 'EsigibilitaIVA'),
    legalReference: text(r, 'RiferimentoNormativo'),
  }));
  const withholdings = list(node(general).DatiRitenuta).map((w) => ({
    type: text(w, 'TipoRitenuta'),
    amount: cents(at(w, 'ImportoRitenuta')),
    rate: text(w, 'AliquotaRitenuta'),
    reason: text(w, 'CausalePagamento'),
  }));
  const payments = list(node(b).DatiPagamento).map((p) => ({
    conditions: text(p, 'CondizioniPagamento'),
    instalments: list(node(p).DettaglioPagamento).map((d) => ({
      beneficiary: text(d, 'Beneficiario'),
      mode: text(d, 'ModalitaPagamento'),
      amount: cents(at(d, 'ImportoPagamento')),
      dueDate: text(d, 'DataScadenzaPagamento') || null,
      iban: text(d, 'IBAN'),
      bankName: text(d, 'IstitutoFinanziario'),
    })),
  }));
  const totalText = text(general, 'ImportoTotaleDocumento');
  const taxableTotal = sum(vatSummary.map((r) => r.taxable));
  const vatTotal = sum(vatSummary.map((r) => r.tax));
  const totalDocument = totalText === '' ? null : cents(totalText);
  return {
    format,
    supplier: party(at(header, 'CedentePrestatore')),
    buyer: party(at(header, 'CessionarioCommittente')),
    documentType: text(general, 'TipoDocumento'),
    currency: text(general, 'Divisa'),
    date: text(general, 'Data'),
    number: text(general, 'Numero'),
    totalDocument,
    reason: ([] as unknown[])
      .concat(node(general).Causale ?? [])
      .map(str)
      .join(' '),
    linkedDocuments: list(node(at(b, 'DatiGenerali')).DatiFattureCollegate).map((d) => ({ number: text(d, 'IdDocumento'), date: text(d, 'Data') || null })),
    lines,
    vatSummary,
    withholdings,
    payments,
    linesTotal: sum(lines.map((l) => l.total)),
    taxableTotal,
    vatTotal,
    splitPaymentVat: sum(vatSummary.filter((r) => r.chargeability === 'S').map((r) => r.tax)),
    withholdingTotal: sum(withholdings.map((w) => w.amount)),
    gross: totalDocument ?? taxableTotal + vatTotal,
  };
}

/** The invoices of a checked FatturaPA document, one per body, in document order. */
export function parseInvoices(xml: string): Invoice[] {
  const doc = node(parser.parse(xml));
  const root = node(doc.FatturaElettronica);
  const header = root.FatturaElettronicaHeader;
  const format = text(header, 'DatiTrasmissione', 'FormatoTrasmissione');
  return list(root.FatturaElettronicaBody).map((b) => body(header, format, b));
}
