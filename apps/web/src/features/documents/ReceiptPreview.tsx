/**
 * A receipt shown inline (issue 28): a photo as an image, a PDF in the browser's viewer, an e-invoice (XML or the
 * signed .p7m) rendered readable — supplier, buyer, lines, VAT, payment terms — from `invoices.show`, with its PDF
 * print. "In neuem Tab öffnen" and "Herunterladen" stay a click away.
 */
import type { DocumentInfo } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { errorText } from '../../lib/errorMessages.ts';
import { trpc } from '../../lib/trpc.ts';
import { downloadBlob } from '../../ui/download.ts';
import { uiLanguage } from '../i18n/language.ts';
import { InvoiceView } from '../invoices/InvoiceView.tsx';

export const isEInvoice = (doc: Pick<DocumentInfo, 'contentType'>) => doc.contentType === 'application/xml' || doc.contentType === 'application/pkcs7-mime';

export function ReceiptPreview({
  doc,
  url,
  scope,
  onClose,
  onOpenTab,
  onDownload,
}: {
  doc: DocumentInfo | null;
  /** The bytes as an object URL (photos and PDFs). */
  url: string | null;
  scope: { departmentId: number; year: number };
  onClose: () => void;
  onOpenTab: (doc: DocumentInfo) => void;
  onDownload: (doc: DocumentInfo) => void;
}) {
  const { t, i18n } = useLingui();
  const invoice = useQuery(trpc.invoices.show.queryOptions(doc && isEInvoice(doc) ? { ...scope, documentId: doc.id } : skipToken));

  async function invoicePdf() {
    const first = invoice.data?.invoices[0];
    if (!first || !invoice.data) return;
    const reports = await import('@app/reports');
    const pdf = reports.invoicePdf(first, { language: uiLanguage(i18n.locale), username: '', now: new Date(), signed: invoice.data.signed });
    downloadBlob(pdf.output('blob'), `${doc?.fileName.replace(/\.(xml|p7m)$/gi, '') ?? 'invoice'}.pdf`);
  }

  return (
    <Modal opened={doc !== null} onClose={onClose} size={doc && isEInvoice(doc) ? 1000 : 900} title={doc?.fileName} data-testid="receipt-preview">
      {doc ? (
        <Stack gap="sm">
          {isEInvoice(doc) ? (
            invoice.error ? (
              <Alert color="red" variant="light">
                {errorText(i18n, invoice.error)}
              </Alert>
            ) : invoice.data ? (
              invoice.data.invoices.map((inv, i) => <InvoiceView key={i} invoice={inv} signed={invoice.data.signed} />)
            ) : (
              <Loader size="sm" />
            )
          ) : url === null ? (
            <Loader size="sm" />
          ) : doc.contentType === 'application/pdf' ? (
            <iframe src={url} title={doc.fileName} style={{ width: '100%', height: '70vh', border: 0 }} data-testid="receipt-preview-pdf" />
          ) : (
            <img
              src={url}
              alt={doc.fileName}
              style={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain', alignSelf: 'center' }}
              data-testid="receipt-preview-image"
            />
          )}
          <Group justify="flex-end" gap="xs">
            {isEInvoice(doc) ? (
              <Button variant="default" onClick={() => void invoicePdf()} disabled={!invoice.data} data-testid="receipt-preview-invoice-pdf">
                {t`Als PDF`}
              </Button>
            ) : (
              <Button variant="default" onClick={() => onOpenTab(doc)} data-testid="receipt-preview-tab">
                {t`In neuem Tab öffnen`}
              </Button>
            )}
            <Button variant="default" onClick={() => onDownload(doc)}>
              {t`Herunterladen`}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
