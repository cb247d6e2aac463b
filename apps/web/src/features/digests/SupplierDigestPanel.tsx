/**
 * Supplier digest online (spec 3 §2 and §3 "Supplier digest"): year and supplier (number or search
 * key, or the "…" list, inactive ones too); a box with the count of documents, total paid, total not
 * paid and their sum, the supplier's name and address beside it, and the supplier's movements of the
 * year (each with its chapters, amount, paid and not paid part; a cancelled one dimmed), newest last.
 * A row opens the movement.
 */
import { type SupplierBrief, type SupplierDigest, type SupplierDigestRow } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc.ts';
import { SupplierPicker } from '../../ui/SupplierPicker.tsx';
import type { DigestPanelProps } from './types.ts';
import { chaptersText } from './digestText.ts';
import {
  amountColumn,
  CancelledText,
  DigestCriteria,
  DigestNote,
  digestQueryOptions,
  DigestTable,
  FigureBox,
  pagedInput,
  recordColumns,
  SideFigure,
  useDigestAnswer,
  useDigestPanelState,
} from './DigestParts.tsx';

export function SupplierDigestPanel({ scope, onYear, openRecord, active }: DigestPanelProps) {
  const { t, i18n } = useLingui();
  const state = useDigestPanelState(scope.year, onYear);
  const { year } = state;
  const [supplier, setSupplier] = useState<SupplierBrief | null>(null);

  const enabled = active && supplier !== null;
  const query = useQuery({
    ...trpc.digests.supplier.queryOptions({ ...pagedInput(scope, state), supplierId: supplier?.id ?? 0 }),
    enabled,
    ...digestQueryOptions((prev: SupplierDigest) => prev.year === year && prev.supplierId === supplier?.id),
  });
  const { data, table } = useDigestAnswer(query, enabled, state.paging);

  const columns = [
    ...recordColumns<SupplierDigestRow>(i18n),
    { key: 'account', header: t`Konto`, width: 70, render: (r: SupplierDigestRow) => r.accountCode ?? '' },
    { key: 'chapters', header: t`Kapitel`, width: 120, render: (r: SupplierDigestRow) => chaptersText(r.chapters) },
    {
      key: 'description',
      header: t`Beschreibung`,
      render: (r: SupplierDigestRow) => <CancelledText cancelled={r.cancelled}>{r.description}</CancelledText>,
    },
    amountColumn<SupplierDigestRow>('amount', t`Betrag`, (r) => r.amount),
    amountColumn<SupplierDigestRow>('paid', t`Bezahlt`, (r) => r.paid),
    amountColumn<SupplierDigestRow>('notPaid', t`Nicht bezahlt`, (r) => r.notPaid),
  ];

  return (
    <Stack gap="sm">
      <DigestCriteria years={scope.years} state={state}>
        <div style={{ width: 420 }}>
          <SupplierPicker
            departmentId={scope.department.id}
            value={supplier}
            onChange={(s) => {
              setSupplier(s);
              state.paging.reset();
            }}
            includeInactive
            label={t`Lieferant`}
            name="digest-supplier"
          />
        </div>
      </DigestCriteria>
      {supplier === null ? (
        <DigestNote>{t`Lieferant eingeben (Nummer oder Suchbegriff) oder mit „…“ suchen.`}</DigestNote>
      ) : query.error ? (
        <DigestNote error={query.error} />
      ) : (
        <>
          <FigureBox
            testId="supplier-box"
            year={data?.year}
            figures={[
              { label: t`Bezahlt`, cents: data?.totalPaid, testId: 'supplier-paid' },
              { label: t`Nicht bezahlt`, cents: data?.totalNotPaid, testId: 'supplier-not-paid' },
              // their sum (the answer's `total` is the count of rows of the paging)
              { label: t`Summe`, cents: data ? data.totalPaid + data.totalNotPaid : undefined, strong: true, testId: 'supplier-total' },
            ]}
          >
            <SideFigure label={t`Belege`} w={90}>
              <Text size="md" fw={500} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="supplier-count">
                {data ? data.documentCount : '–'}
              </Text>
            </SideFigure>
            <SupplierAddressBlock digest={data} />
          </FigureBox>
          <DigestTable
            columns={columns}
            table={table}
            scope={scope}
            openRecord={openRecord}
            rowDimmed={(r) => r.cancelled}
            emptyText={t`Keine Belege dieses Lieferanten in ${year}.`}
            testId="supplier-rows"
          />
        </>
      )}
    </Stack>
  );
}

/** Name and address of the supplier (spec: "a description"). */
function SupplierAddressBlock({ digest }: { digest: SupplierDigest | undefined }) {
  const a = digest?.address;
  const town = a ? [a.postalCode, a.location].filter(Boolean).join(' ') + (a.province ? ` (${a.province})` : '') : '';
  return (
    <Paper
      withBorder={false}
      w={260}
      style={{ borderLeft: '1px solid var(--mantine-color-default-border)', paddingLeft: 12, flexShrink: 0 }}
      data-testid="supplier-address"
    >
      {digest ? (
        <Stack gap={0}>
          <Text size="sm" fw={600} truncate title={digest.name1}>
            {digest.supplierCode} {digest.name1}
          </Text>
          {digest.name2 ? (
            <Text size="sm" truncate title={digest.name2}>
              {digest.name2}
            </Text>
          ) : null}
          {a?.street ? <Text size="sm">{a.street}</Text> : null}
          {town ? <Text size="sm">{town}</Text> : null}
          {a?.country && a.country !== 'IT' ? <Text size="sm">{a.country}</Text> : null}
        </Stack>
      ) : null}
    </Paper>
  );
}
