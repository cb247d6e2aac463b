/**
 * The e-invoice as a cashier reads it (issue 28): supplier and buyer, number and date, the lines, the VAT
 * summary, withholdings and the payment terms with due dates and IBAN — in the user's language, never the raw
 * XML. The same model prints as PDF (reports' invoicePdf).
 */
import { formatDate, type Invoice, type InvoiceParty } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Amount } from '../../ui/Amount.tsx';

function Party({ label, party }: { label: string; party: InvoiceParty }) {
  const { t } = useLingui();
  const vat = party.vatCode ? `${party.vatCountry}${party.vatCode}` : '';
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {party.name}
      </Text>
      <Text size="xs">
        {[party.street, [party.postalCode, party.location, party.province ? `(${party.province})` : ''].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
      </Text>
      <Text size="xs" c="dimmed">
        {[vat ? t`MwSt-Nr. ${vat}` : '', party.taxCode ? t`St.-Nr. ${party.taxCode}` : ''].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

/** FatturaPA's document types and payment modes a brigade meets, by their codes. */
function useCodes() {
  const { t } = useLingui();
  const documentTypes: Record<string, string> = {
    TD01: t`Rechnung`,
    TD02: t`Anzahlungsrechnung`,
    TD04: t`Gutschrift`,
    TD05: t`Lastschrift`,
    TD06: t`Honorarnote`,
  };
  const modes: Record<string, string> = {
    MP01: t`bar`,
    MP02: t`Scheck`,
    MP05: t`Überweisung`,
    MP08: t`Zahlungskarte`,
    MP12: t`RIBA`,
    MP19: t`SEPA-Lastschrift`,
  };
  return { documentTypes, modes };
}

export function InvoiceView({ invoice, signed }: { invoice: Invoice; signed: boolean }) {
  const { t } = useLingui();
  const { documentTypes, modes } = useCodes();
  const instalments = invoice.payments.flatMap((p) => p.instalments);
  return (
    <Paper withBorder radius="sm" p="md" data-testid="invoice-view">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Text fw={700} data-testid="invoice-title">
              {`${documentTypes[invoice.documentType] ?? invoice.documentType} ${t`Nr.`} ${invoice.number} ${t`vom`} ${formatDate(invoice.date)}`}
            </Text>
            {invoice.reason ? (
              <Text size="xs" c="dimmed">
                {invoice.reason}
              </Text>
            ) : null}
          </Stack>
          <Group gap={4}>
            <Badge variant="light" color="gray">
              {invoice.format}
            </Badge>
            {signed ? (
              <Badge variant="light" color="green" data-testid="invoice-signed">
                {t`signiert`}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <SimpleGrid cols={2} spacing="md">
          <Party label={t`Lieferant`} party={invoice.supplier} />
          <Party label={t`Käufer`} party={invoice.buyer} />
        </SimpleGrid>
        <Table verticalSpacing={3} horizontalSpacing="xs" data-testid="invoice-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Beschreibung`}</Table.Th>
              <Table.Th ta="right" w={70}>
                {t`Menge`}
              </Table.Th>
              <Table.Th ta="right" w={100}>
                {t`Einzelpreis`}
              </Table.Th>
              <Table.Th ta="right" w={60}>
                {t`MwSt.`}
              </Table.Th>
              <Table.Th ta="right" w={110}>
                {t`Gesamt`}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((l) => (
              <Table.Tr key={l.number}>
                <Table.Td>
                  <Text size="sm">{l.description}</Text>
                </Table.Td>
                <Table.Td ta="right">{[l.quantity.replace(/\.0+$/, ''), l.unit].filter(Boolean).join(' ')}</Table.Td>
                <Table.Td ta="right">
                  <Amount cents={l.unitPrice} size="sm" />
                </Table.Td>
                <Table.Td ta="right">{l.nature ? l.nature : `${Number(l.vatRate)} %`}</Table.Td>
                <Table.Td ta="right">
                  <Amount cents={l.total} size="sm" />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Table verticalSpacing={3} horizontalSpacing="xs" data-testid="invoice-vat">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`MwSt.-Satz`}</Table.Th>
              <Table.Th ta="right">{t`Steuerpflichtig`}</Table.Th>
              <Table.Th ta="right">{t`MwSt.`}</Table.Th>
              <Table.Th>{t`Fälligkeit der MwSt.`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.vatSummary.map((v, i) => (
              <Table.Tr key={i}>
                <Table.Td>{v.nature ? v.nature : `${Number(v.vatRate)} %`}</Table.Td>
                <Table.Td ta="right">
                  <Amount cents={v.taxable} size="sm" />
                </Table.Td>
                <Table.Td ta="right">
                  <Amount cents={v.tax} size="sm" />
                </Table.Td>
                <Table.Td>{v.chargeability === 'S' ? t`Split Payment (zahlt der Käufer)` : v.chargeability === 'D' ? t`aufgeschoben` : t`sofort`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" gap="xl">
          {invoice.withholdingTotal > 0 ? (
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                {t`Einbehalt (Ritenuta)`}
              </Text>
              <Amount cents={-invoice.withholdingTotal} size="sm" />
            </Stack>
          ) : null}
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t`Rechnungsbetrag`}
            </Text>
            <Amount cents={invoice.gross} fw={700} data-testid="invoice-gross" />
          </Stack>
        </Group>
        {instalments.length > 0 ? (
          <Table verticalSpacing={3} horizontalSpacing="xs" data-testid="invoice-payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={110}>{t`Fällig am`}</Table.Th>
                <Table.Th w={110}>{t`Zahlungsart`}</Table.Th>
                <Table.Th>{t`IBAN`}</Table.Th>
                <Table.Th ta="right" w={110}>
                  {t`Betrag`}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {instalments.map((p, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{p.dueDate ? formatDate(p.dueDate) : '–'}</Table.Td>
                  <Table.Td>{modes[p.mode] ?? p.mode}</Table.Td>
                  <Table.Td ff="monospace">{p.iban}</Table.Td>
                  <Table.Td ta="right">
                    <Amount cents={p.amount} size="sm" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
