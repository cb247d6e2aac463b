/**
 * The pieces the three online lists share: the criteria row with the year, the figure box (labels
 * over right-aligned amounts, tabular figures), the movement table with its common columns (date,
 * number, document, supplier, description, amount) and the paging that opens on the newest rows.
 */
import { type DigestKind, digestRowLabel, formatDate } from '@app/domain';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Badge, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { Amount } from '../../ui/Amount.tsx';
import { type DataColumn, DataTable } from '../../ui/DataTable.tsx';
import type { DigestScope, OpenRecord } from './types.ts';
import { digestRowLabels } from './labels.ts';
import { isSettled, type DigestPaging, useDigestPaging } from './paging.ts';
import { digestRowHref, type DigestRowSource } from './rowTarget.ts';
import { ReceiptsMark } from '../documents/ReceiptsMark.tsx';

/** A panel's year (shared by the three panels) and its paging: another year goes back to the newest rows. */
export function useDigestPanelState(year: number, setYear: (year: number) => void) {
  const paging = useDigestPaging();
  const [seenYear, setSeenYear] = useState(year);
  if (seenYear !== year) {
    setSeenYear(year);
    paging.reset();
  }
  return { year, paging, setYear };
}

/** The input every digest query starts with: the department, the panel's year and the page asked for. */
export function pagedInput(scope: DigestScope, state: { year: number; paging: DigestPaging }) {
  return { departmentId: scope.department.id, year: state.year, page: state.paging.page, pageSize: state.paging.pageSize };
}

/** The criteria row: the year first, then the panel's own pickers. */
export function DigestCriteria({ years, state, children }: { years: number[]; state: { year: number; setYear: (y: number) => void }; children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <DigestYearSelect years={years} value={state.year} onChange={state.setYear} />
      {children}
    </Group>
  );
}

/** The panel's year: every year of the system up to the latest, newest first. */
export function DigestYearSelect({ years, value, onChange }: { years: number[]; value: number; onChange: (year: number) => void }) {
  const { t } = useLingui();
  return (
    <Select
      label={t`Haushaltsjahr`}
      data-testid="digest-year"
      size="sm"
      w={150}
      allowDeselect={false}
      value={String(value)}
      data={[...years].reverse().map((y) => String(y))}
      onChange={(v) => v && onChange(Number(v))}
    />
  );
}

export interface Figure {
  label: ReactNode;
  /** undefined while the digest loads (a dash, never a false 0). */
  cents: number | undefined;
  strong?: boolean;
  testId: string;
}

/** A box of figures side by side: the label small above its amount, all amounts right-aligned; `data-year` the answer's year (none while loading). */
export function FigureBox({ figures, children, testId, year }: { figures: Figure[]; children?: ReactNode; testId: string; year: number | undefined }) {
  return (
    <Paper withBorder radius="sm" px="sm" py={8} data-testid={testId} data-year={year}>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <SimpleGrid cols={figures.length} spacing="md" verticalSpacing={0} style={{ flex: 1 }}>
          {figures.map((f) => (
            <Stack key={f.testId} gap={0} align="stretch">
              <Text size="xs" c="dimmed" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {f.label}
              </Text>
              <FigureAmount cents={f.cents} strong={f.strong} testId={f.testId} />
            </Stack>
          ))}
        </SimpleGrid>
        {children}
      </Group>
    </Paper>
  );
}

/** One figure of a box: the amount, or a dash while it loads. */
export function FigureAmount({ cents, strong, dimmed, testId }: { cents: number | undefined; strong?: boolean | undefined; dimmed?: boolean; testId: string }) {
  if (cents === undefined)
    return (
      <Text size="md" ta="right" c="dimmed" data-testid={testId}>
        –
      </Text>
    );
  return <Amount cents={cents} size="md" fw={strong ? 700 : 500} {...(dimmed && cents >= 0 ? { c: 'dimmed' } : {})} data-testid={testId} />;
}

/** A figure set apart at the right of a box (what the box's sum does not hold, or a count). */
export function SideFigure({ label, w, children }: { label: ReactNode; w: number; children: ReactNode }) {
  return (
    <Stack gap={0} w={w} style={{ borderLeft: '1px solid var(--mantine-color-default-border)', paddingLeft: 12, flexShrink: 0 }}>
      <Text size="xs" c="dimmed" ta="right" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Where a panel tells what to choose first, or why nothing shows. */
export function DigestNote({ children, error }: { children?: ReactNode; error?: unknown }) {
  const { i18n } = useLingui();
  if (error)
    return (
      <Alert color="red" variant="light" data-testid="digest-error">
        {errorText(i18n, error)}
      </Alert>
    );
  return (
    <Text size="sm" c="dimmed" py="sm" data-testid="digest-note">
      {children}
    </Text>
  );
}

interface RowFields {
  recordDate: string;
  recordNumber: number;
  documentNumber: string;
  documentDate: string | null;
}

/** Date, number and document: the first columns of every digest table. */
export function recordColumns<R extends RowFields>(i18n: I18n): DataColumn<R>[] {
  return [
    { key: 'recordDate', header: i18n._(msg`Datum`), width: 92, render: (r) => formatDate(r.recordDate) },
    { key: 'recordNumber', header: i18n._(msg`Nr.`), width: 58, align: 'right', render: (r) => (r.recordNumber === -1 ? '–' : r.recordNumber) },
    {
      key: 'document',
      header: i18n._(msg`Beleg`),
      width: 130,
      // the number; its date on hover (a document without number shows the date)
      render: (r) => (
        <span title={r.documentDate ? `${i18n._(msg`Belegdatum`)} ${formatDate(r.documentDate)}` : undefined}>
          {r.documentNumber || formatDate(r.documentDate)}
        </span>
      ),
    },
  ];
}

interface KindRowFields extends RowFields {
  kind: DigestKind;
  isPaid: boolean | null;
  supplierName: string;
  cancelled: boolean;
  /** The record's receipts (the paperclip); the supplier register has none. */
  receipts?: number;
}

/**
 * A row's description, a cancelled record's (DOMAIN decisions 1 and 27: listed with 0, never missing)
 * after a "storniert" badge.
 */
export function CancelledText({ cancelled, children }: { cancelled: boolean; children: ReactNode }) {
  const { t } = useLingui();
  if (!cancelled) return children;
  return (
    <Group gap={6} wrap="nowrap" data-testid="row-cancelled">
      <Badge size="sm" variant="light" color="gray">
        {t({ message: 'storniert', context: 'digest row' })}
      </Badge>
      {children}
    </Group>
  );
}

/** The columns of a register row: record, its kind, the supplier and the description (how the panel tells it). */
export function movementColumns<R extends KindRowFields>(
  i18n: I18n,
  description: (row: R) => string,
  widths: { kind: number; supplier: number },
): DataColumn<R>[] {
  return [
    ...recordColumns<R>(i18n),
    { key: 'kind', header: i18n._(msg`Art`), width: widths.kind, render: (r) => i18n._(digestRowLabels[digestRowLabel(r)]) },
    { key: 'supplier', header: i18n._(msg`Lieferant`), width: widths.supplier, render: (r) => r.supplierName },
    {
      key: 'description',
      header: i18n._(msg`Beschreibung`),
      render: (r) => (
        <Group gap={6} wrap="nowrap" justify="space-between">
          <CancelledText cancelled={r.cancelled}>{description(r)}</CancelledText>
          <ReceiptsMark count={r.receipts} />
        </Group>
      ),
    },
  ];
}

/** An amount column (right-aligned, tabular figures, negative red). */
export function amountColumn<R>(key: string, header: ReactNode, cents: (row: R) => number, width = 112): DataColumn<R> {
  return { key, header, width, align: 'right', render: (r) => <Amount cents={cents(r)} size="sm" /> };
}

/** The digest's answer shape the table needs. */
interface DigestAnswer<R> {
  year: number;
  page: number;
  total: number;
  movements: R[];
}

/**
 * The options every digest query adds: always fresh; while another page loads the previous one stays,
 * but never the answer of other criteria (another year, account, chapter or supplier: a dash then,
 * no figures of something else).
 */
export function digestQueryOptions<A>(sameCriteria: (previous: A) => boolean) {
  return { placeholderData: (previous: A | undefined) => (previous !== undefined && sameCriteria(previous) ? previous : undefined), staleTime: 0 };
}

/** A digest answer with its paging: the answer (when enabled) and what its table needs; tells the paging the total. */
export function useDigestAnswer<A extends DigestAnswer<unknown>>(query: { data: A | undefined; isFetching: boolean }, enabled: boolean, paging: DigestPaging) {
  const data = enabled ? query.data : undefined;
  if (data) paging.learnTotal(data.total);
  return { data, table: { answer: data, settled: isSettled(paging.choice, data, paging.pageSize), loading: query.isFetching, paging } };
}

export function DigestTable<R extends DigestRowSource>({
  columns,
  table: { answer, settled, loading, paging },
  scope,
  openRecord,
  rowDimmed,
  emptyText,
  testId,
}: {
  columns: DataColumn<R>[];
  table: { answer: DigestAnswer<R> | undefined; settled: boolean; loading: boolean; paging: DigestPaging };
  scope: DigestScope;
  openRecord: OpenRecord;
  rowDimmed?: (row: R) => boolean;
  emptyText: ReactNode;
  testId: string;
}) {
  return (
    <DataTable
      columns={columns}
      rows={settled ? answer?.movements : undefined}
      total={answer?.total}
      page={settled ? (answer?.page ?? paging.page) : paging.page}
      pageSize={paging.pageSize}
      onPageChange={paging.setPage}
      onPageSizeChange={paging.setPageSize}
      // a read-only page of rows in a fixed order: its place is its key (one record may give two alike rows)
      rowKey={(row) => `${answer?.page ?? 0}-${answer?.movements.indexOf(row) ?? 0}`}
      {...(rowDimmed ? { rowDimmed } : {})}
      onRowClick={(row) => {
        const href = answer ? digestRowHref(row, { dept: scope.department.code, year: answer.year }) : null;
        if (href) openRecord(href);
      }}
      loading={loading || !settled}
      emptyText={emptyText}
      testId={testId}
    />
  );
}
