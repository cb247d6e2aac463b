import { type AuditField, type AuditRecordChange, auditChangeView, auditInputRefText, auditRecordChanges } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type AuditListRow, auditTime } from './auditList.ts';
import { chapterWord } from '../../ui/chartLabels.ts';
import { uiLanguage } from '../i18n/language.ts';
import { auditActionLabels, auditEntityLabels, auditFieldLabel, auditLabel, auditTableLabels, auditValueWords, userWord } from './labels.ts';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Meta({ label, value, testId }: { label: string; value: string | number | null; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value === null || value === '' ? '–' : value}
      </Text>
    </div>
  );
}

/** The scope the row names already (shown above the change). */
const SCOPE_KEYS = ['departmentId', 'year'];

function FieldValue({ field }: { field: AuditField }) {
  const { i18n } = useLingui();
  if (!('table' in field)) return <>{field.text}</>;
  return (
    <Table withTableBorder withColumnBorders verticalSpacing={2} horizontalSpacing={6} fz="xs">
      <Table.Thead>
        <Table.Tr>
          {field.table.columns.map((c) => (
            <Table.Th key={c.key} ta={c.money ? 'right' : 'left'} title={c.key}>
              {auditFieldLabel(i18n, c.key)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {field.table.rows.map((cells, i) => (
          <Table.Tr key={i}>
            {cells.map((cell, j) => (
              <Table.Td key={j} ta={field.table.columns[j]?.money ? 'right' : 'left'} style={field.table.columns[j]?.money ? num : undefined}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * One record the save changed, as business data: what it is (a position with its number), its chapter and
 * new/changed/deleted, then each changed field before and after side by side (a re-inserted position is one
 * changed line: `auditRecordChanges`).
 */
function RecordChange({ change }: { change: AuditRecordChange }) {
  const { t, i18n } = useLingui();
  const op = change.op === 'I' ? t`neu` : change.op === 'D' ? t`gelöscht` : t`geändert`;
  const what = [auditLabel(i18n, auditTableLabels, change.table), change.position !== null ? String(change.position) : null].filter(Boolean).join(' ');
  return (
    <Table withTableBorder verticalSpacing={3} fz="sm" data-testid="audit-detail-row" data-table={change.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th colSpan={3} data-testid="audit-detail-record">
            {what}
            {change.chapter ? ` · ${i18n._(chapterWord)} ${change.chapter}` : ''} · {op}
          </Table.Th>
        </Table.Tr>
        <Table.Tr>
          <Table.Th w={200} c="dimmed" fw={500}>{t`Feld`}</Table.Th>
          <Table.Th w="35%" c="dimmed" fw={500}>{t`Vorher`}</Table.Th>
          <Table.Th w="35%" c="dimmed" fw={500}>{t`Nachher`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {change.fields.map((f) => (
          <Table.Tr key={f.key} data-key={f.key}>
            <Table.Td title={f.key}>{auditFieldLabel(i18n, f.key)}</Table.Td>
            <Table.Td style={f.money ? num : undefined}>{f.before}</Table.Td>
            <Table.Td style={f.money ? num : undefined}>{f.after}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One trail row in full: who, when, from where, what, the save's input as a key/value table and each changed database row before/after. */
export function AuditDetail({
  row,
  focus,
}: {
  row: AuditListRow;
  /** one record's change only (a residue line of a determination of many) */ focus?: { table: string; key: string };
}) {
  const { t, i18n } = useLingui();
  const scope = { refs: row.refs, names: row.names, language: uiLanguage(i18n.locale), departmentId: row.departmentId, year: row.year };
  // one record's history (a residue line) shows that record's change, not the save's whole input
  const inputRef = auditInputRefText(scope);
  // a movement's kind in words (revenues and expenses are the chart's parts)
  const refText = (key: string, value: unknown) => auditValueWords(i18n, key, value, row.entity) ?? inputRef(key, value);
  const view = auditChangeView(focus ? null : row.changes, { omit: SCOPE_KEYS, refText });
  const records = auditRecordChanges(row.changes, scope).filter((r) => !focus || (r.table === focus.table && r.key === focus.key));
  return (
    <Stack gap="sm" data-testid="audit-detail">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing={6}>
        <Meta label={t`Zeit`} value={auditTime(row)} testId="audit-detail-time" />
        <Meta label={i18n._(userWord)} value={row.userName} testId="audit-detail-user" />
        <Meta label={t`Adresse`} value={row.clientAddress} />
        <Meta label={t`Feuerwehr`} value={row.departmentCode} />
        <Meta label={t`Jahr`} value={row.year} />
        <Meta label={t`Objekt`} value={auditLabel(i18n, auditEntityLabels, row.entity)} />
        <Meta label={t`Nummer`} value={row.recordNumber ?? row.entityId} />
        <Meta label={t`Vorgang`} value={row.procedure} />
      </SimpleGrid>
      <Group gap="xs">
        <Badge variant="light" data-testid="audit-detail-action">
          {auditLabel(i18n, auditActionLabels, row.action)}
        </Badge>
      </Group>
      {records.length > 0 ? (
        <Text size="sm" fw={600}>
          {t`Geänderte Daten`}
        </Text>
      ) : null}
      {records.map((r, i) => (
        <RecordChange key={i} change={r} />
      ))}
      {records.length === 0 && view.rows.length > 0 ? <Text size="sm" c="dimmed">{t`Die gespeicherten Daten blieben unverändert.`}</Text> : null}
      {view.omittedRows > 0 ? <Text size="sm" c="dimmed">{t`Weitere ${view.omittedRows} geänderte Zeilen nicht gespeichert.`}</Text> : null}
      {view.fields.length > 0 || (view.rows.length === 0 && !focus) ? (
        <Text size="sm" fw={600}>
          {t`Eingabe`}
        </Text>
      ) : null}
      {view.fields.length > 0 ? (
        <Table withTableBorder striped verticalSpacing={3} fz="sm" data-testid="audit-detail-changes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={200}>{t`Feld`}</Table.Th>
              <Table.Th>{t`Wert`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.fields.map((f) => (
              <Table.Tr key={f.key} data-key={f.key}>
                <Table.Td style={{ verticalAlign: 'top' }} title={f.key}>
                  {auditFieldLabel(i18n, f.key)}
                </Table.Td>
                <Table.Td style={'money' in f && f.money ? num : undefined}>
                  <FieldValue field={f} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : view.rows.length === 0 && !focus ? (
        <Text size="sm" c="dimmed">{t`Keine Änderungsdaten gespeichert.`}</Text>
      ) : null}
    </Stack>
  );
}
