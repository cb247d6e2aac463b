/**
 * The living demo's e-invoices (issue 28 demo): two FatturaPA invoices to FF Eppan (102) from suppliers it knows,
 * dated a few days before the demo's `today`, so the cashier can import them as they arrive from the exchange
 * system: Feuerwehrtechnik Pichler's breathing masks in two instalments to its IBAN (an open payment each), and
 * Textil Oberhofer's jackets with split payment VAT (EsigibilitaIVA S: the VAT goes to title 3, the supplier is
 * paid the net). Both are valid against the official schema (demo/invoices.test.ts).
 */
import { addDays, italianIban } from '@app/domain';

export interface DemoInvoiceFile {
  fileName: string;
  content: string;
}

interface Line {
  description: string;
  quantity: number;
  unit: string;
  unitPrice: number;
}

interface DemoInvoice {
  number: string;
  date: string;
  supplier: { name: string; vat: string; street: string; number: string; postalCode: string; location: string; bank: string; iban: string };
  lines: Line[];
  /** 'I' immediate, 'S' split payment. */
  chargeability: 'I' | 'S';
  /** The instalments: share of what is paid to the supplier and days after the document date. */
  instalments: { share: number; days: number }[];
  reason: string;
}

const euros = (cents: number) => (cents / 100).toFixed(2);
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function invoiceXml(inv: DemoInvoice): string {
  const lineCents = inv.lines.map((l) => Math.round(l.quantity * l.unitPrice * 100));
  const taxable = lineCents.reduce((a, b) => a + b, 0);
  const tax = Math.round(taxable * 0.22);
  const toPay = inv.chargeability === 'S' ? taxable : taxable + tax;
  const shares = inv.instalments.map((p, i) =>
    i < inv.instalments.length - 1 ? Math.round(toPay * p.share) : toPay - inv.instalments.slice(0, -1).reduce((s, q) => s + Math.round(toPay * q.share), 0),
  );
  const lines = inv.lines
    .map(
      (l, i) => `      <DettaglioLinee>
        <NumeroLinea>${i + 1}</NumeroLinea>
        <Descrizione>${escape(l.description)}</Descrizione>
        <Quantita>${l.quantity.toFixed(2)}</Quantita>
        <UnitaMisura>${l.unit}</UnitaMisura>
        <PrezzoUnitario>${l.unitPrice.toFixed(2)}</PrezzoUnitario>
        <PrezzoTotale>${euros(lineCents[i]!)}</PrezzoTotale>
        <AliquotaIVA>22.00</AliquotaIVA>
      </DettaglioLinee>`,
    )
    .join('\n');
  const payments = inv.instalments
    .map(
      (p, i) => `      <DettaglioPagamento>
        <Beneficiario>${escape(inv.supplier.name)}</Beneficiario>
        <ModalitaPagamento>MP05</ModalitaPagamento>
        <DataScadenzaPagamento>${addDays(inv.date, p.days)}</DataScadenzaPagamento>
        <ImportoPagamento>${euros(shares[i]!)}</ImportoPagamento>
        <IstitutoFinanziario>${escape(inv.supplier.bank)}</IstitutoFinanziario>
        <IBAN>${inv.supplier.iban}</IBAN>
      </DettaglioPagamento>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" versione="FPR12">
  <FatturaElettronicaHeader>
    <DatiTrasmissione>
      <IdTrasmittente>
        <IdPaese>IT</IdPaese>
        <IdCodice>${inv.supplier.vat}</IdCodice>
      </IdTrasmittente>
      <ProgressivoInvio>${inv.number.replace(/\D/g, '').slice(-5) || '1'}</ProgressivoInvio>
      <FormatoTrasmissione>FPR12</FormatoTrasmissione>
      <CodiceDestinatario>0000000</CodiceDestinatario>
    </DatiTrasmissione>
    <CedentePrestatore>
      <DatiAnagrafici>
        <IdFiscaleIVA>
          <IdPaese>IT</IdPaese>
          <IdCodice>${inv.supplier.vat}</IdCodice>
        </IdFiscaleIVA>
        <Anagrafica>
          <Denominazione>${escape(inv.supplier.name)}</Denominazione>
        </Anagrafica>
        <RegimeFiscale>RF01</RegimeFiscale>
      </DatiAnagrafici>
      <Sede>
        <Indirizzo>${escape(inv.supplier.street)}</Indirizzo>
        <NumeroCivico>${inv.supplier.number}</NumeroCivico>
        <CAP>${inv.supplier.postalCode}</CAP>
        <Comune>${escape(inv.supplier.location)}</Comune>
        <Provincia>BZ</Provincia>
        <Nazione>IT</Nazione>
      </Sede>
    </CedentePrestatore>
    <CessionarioCommittente>
      <DatiAnagrafici>
        <CodiceFiscale>94003570213</CodiceFiscale>
        <Anagrafica>
          <Denominazione>Freiwillige Feuerwehr Eppan</Denominazione>
        </Anagrafica>
      </DatiAnagrafici>
      <Sede>
        <Indirizzo>Feuerwehrstraße</Indirizzo>
        <NumeroCivico>1</NumeroCivico>
        <CAP>39057</CAP>
        <Comune>Eppan</Comune>
        <Provincia>BZ</Provincia>
        <Nazione>IT</Nazione>
      </Sede>
    </CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali>
      <DatiGeneraliDocumento>
        <TipoDocumento>TD01</TipoDocumento>
        <Divisa>EUR</Divisa>
        <Data>${inv.date}</Data>
        <Numero>${escape(inv.number)}</Numero>
        <ImportoTotaleDocumento>${euros(taxable + tax)}</ImportoTotaleDocumento>
        <Causale>${escape(inv.reason)}</Causale>
      </DatiGeneraliDocumento>
    </DatiGenerali>
    <DatiBeniServizi>
${lines}
      <DatiRiepilogo>
        <AliquotaIVA>22.00</AliquotaIVA>
        <ImponibileImporto>${euros(taxable)}</ImponibileImporto>
        <Imposta>${euros(tax)}</Imposta>
        <EsigibilitaIVA>${inv.chargeability}</EsigibilitaIVA>${inv.chargeability === 'S' ? '\n        <RiferimentoNormativo>Scissione dei pagamenti art. 17-ter DPR 633/72</RiferimentoNormativo>' : ''}
      </DatiRiepilogo>
    </DatiBeniServizi>
    <DatiPagamento>
      <CondizioniPagamento>${inv.instalments.length > 1 ? 'TP01' : 'TP02'}</CondizioniPagamento>
${payments}
    </DatiPagamento>
  </FatturaElettronicaBody>
</p:FatturaElettronica>
`;
}

const iban = (abi: string, cab: string, account: string) => italianIban(abi, cab, account)?.iban ?? '';

/** The two demo e-invoices for `today` (YYYY-MM-DD): dated 6 and 3 days before it, within its year. */
export function demoInvoices(today: string): DemoInvoiceFile[] {
  const year = today.slice(0, 4);
  const inYear = (iso: string) => (iso < `${year}-01-01` ? `${year}-01-01` : iso);
  const pichler: DemoInvoice = {
    number: `${year}/0417`,
    date: inYear(addDays(today, -6)),
    supplier: {
      name: 'Feuerwehrtechnik Pichler KG',
      vat: '02184930214',
      street: 'Galvanistraße',
      number: '28',
      postalCode: '39100',
      location: 'Bozen',
      bank: 'Südtiroler Sparkasse',
      iban: iban('06045', '11601', '100000271845'),
    },
    lines: [
      { description: 'Atemschutzmaske Dräger FPS 7000', quantity: 2, unit: 'Stk', unitPrice: 385 },
      { description: 'Prüfung und Wartung Pressluftatmer', quantity: 1, unit: 'Stk', unitPrice: 120 },
    ],
    chargeability: 'I',
    instalments: [
      { share: 0.5, days: 30 },
      { share: 0.5, days: 60 },
    ],
    reason: 'Lieferung laut Angebot vom Oktober',
  };
  const oberhofer: DemoInvoice = {
    number: `FT-${year}-0931`,
    date: inYear(addDays(today, -3)),
    supplier: {
      name: 'Textil Oberhofer & Co. KG',
      vat: '00712560213',
      street: 'Romstraße',
      number: '120',
      postalCode: '39012',
      location: 'Meran',
      bank: 'Südtiroler Sparkasse',
      iban: iban('06045', '58590', '000000889004'),
    },
    lines: [{ description: 'Einsatzjacke HuPF Teil 1, mit Reflexstreifen', quantity: 10, unit: 'Stk', unitPrice: 189 }],
    chargeability: 'S',
    instalments: [{ share: 1, days: 30 }],
    reason: 'Einsatzbekleidung Jugendgruppe',
  };
  return [
    { fileName: `IT02184930214_${year}0417.xml`, content: invoiceXml(pichler) },
    { fileName: `IT00712560213_${year}0931.xml`, content: invoiceXml(oberhofer) },
  ];
}
