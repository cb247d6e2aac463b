/**
 * What the importer tells about an e-invoice's draft (issue 28), in the user's language: each finding code of
 * the domain (INVOICE_FINDINGS) with its params (amounts in cents, chapters as codes).
 */
import { formatAmount, formatChapter, type InvoiceFinding, type InvoiceFindingCode } from '@app/domain';
import { useLingui } from '@lingui/react/macro';

/** Does a finding ask the cashier to act (yellow), or only tell (grey)? */
export const FINDING_ASKS: ReadonlySet<InvoiceFindingCode> = new Set([
  'noChapter',
  'amountDiffersFromLines',
  'instalmentsDiffer',
  'creditNoteBillNotFound',
  'noAccount',
  'currency',
]);

export function useFindingText() {
  const { t } = useLingui();
  return (f: InvoiceFinding): string => {
    const p = f.params;
    const amount = (key: string) => (typeof p[key] === 'number' ? formatAmount(p[key]) : String(p[key] ?? ''));
    const chapter = (key: string) => (p[key] ? formatChapter(String(p[key])) : '');
    switch (f.code) {
      case 'signed':
        return t`Signierte Datei (.p7m): die Signatur ist vorhanden, ihr Zertifikat wird nicht geprüft.`;
      case 'supplierFound':
        return p.by === 'taxCode' ? t`Lieferant ${String(p.code)} an der Steuernummer erkannt.` : t`Lieferant ${String(p.code)} an der MwSt-Nummer erkannt.`;
      case 'supplierNew':
        return t`Kein Lieferant mit dieser MwSt- oder Steuernummer: er wird beim Buchen neu angelegt.`;
      case 'noChapter':
        return t`Der Lieferant schlägt kein Kapitel vor: bitte das Kapitel wählen.`;
      case 'amountDiffersFromLines':
        return t`Der Rechnungsbetrag ${amount('total')} weicht von Zeilen und MwSt. ab (${amount('lines')}).`;
      case 'totalFromLines':
        return t`Die Rechnung nennt keinen Gesamtbetrag: gebucht wird die Summe aus Zeilen und MwSt. (${amount('total')}).`;
      case 'instalmentsDiffer':
        return t`Die Raten (${amount('instalments')}) ergeben nicht den zu zahlenden Betrag (${amount('toPay')}): eine Rate über den ganzen Betrag.`;
      case 'dueDateMissing':
        return t`Eine Rate ohne Fälligkeit: fällig nach dem Zahlungsziel des Lieferanten.`;
      case 'openPaymentsNotAllowed':
        return t`Die Feuerwehr bucht keine offenen Zahlungen: die Rechnung wird als bezahlte Ausgabe gebucht.`;
      case 'withholding':
        return t`Einbehalt ${amount('amount')}: wird auf das Kapitel ${chapter('chapter')} umgebucht, der Lieferant erhält den Nettobetrag.`;
      case 'splitPayment':
        return t`Split Payment: die MwSt. von ${amount('amount')} wird auf das Kapitel ${chapter('chapter')} umgebucht und an den Staat gezahlt.`;
      case 'creditNote':
        return p.billRecordNumber
          ? t`Gutschrift zur Rechnung ${String(p.bill)} (Ausgabe Nr. ${String(p.billRecordNumber)}): als Einnahme vorgeschlagen.`
          : t`Gutschrift: als Einnahme vorgeschlagen.`;
      case 'creditNoteBillNotFound':
        return t`Die Gutschrift nennt keine gebuchte Rechnung dieses Lieferanten (${String(p.bill ?? '')}): bitte das Kapitel wählen.`;
      case 'currency':
        return t`Die Rechnung ist in ${String(p.currency)}: die Beträge werden so übernommen.`;
      case 'noAccount':
        return t`Kein aktives Konto: bitte das Konto wählen.`;
      case 'ibanDiffers':
        return p.supplier
          ? t`Die Rechnung nennt die IBAN ${String(p.invoice)}, beim Lieferanten ist ${String(p.supplier)} gespeichert: der Zahlungsauftrag zahlt auf die gespeicherte.`
          : t`Die Rechnung nennt die IBAN ${String(p.invoice)}, beim Lieferanten ist keine gespeichert: bitte in den Stammdaten ergänzen.`;
    }
  };
}
