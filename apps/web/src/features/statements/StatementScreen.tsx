/**
 * Kontoauszug einlesen / Importa estratto conto (accounts/statement, issue 28): the bank's camt.053 statement
 * (or camt.054) is dropped onto the screen or picked; the server reads it and proposes a booking for each line
 * (an order to register, an instalment paid, a return, a new revenue or expense), writing nothing. The cashier
 * unticks what is not to be booked, picks another proposal or a chapter, and books the rest in one go (Buchen,
 * Ctrl+Enter: one transaction). Below: book balance beside the bank's, and the matching rules.
 */
import { formatDate, type StatementImportResult } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, FileButton, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type KeyboardEvent, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { useReadsOnly } from '../../lib/session.ts';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { useScope } from '../scope/useScope.ts';
import { choiceOf, decisionsOf, initialChoices, type LineChoice, signedAmount, taken } from './decisions.ts';
import { ProposalCell } from './ProposalCell.tsx';
import { ReconciliationPanel } from './ReconciliationPanel.tsx';
import { RulesPanel } from './RulesPanel.tsx';

interface Imported {
  fileName: string;
  content: string;
  result: StatementImportResult;
}

function HeadFigure({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} component="div">
        {children}
      </Text>
    </Stack>
  );
}

export function StatementScreen() {
  const { t, i18n } = useLingui();
  const { department, year } = useScope();
  const scope = { departmentId: department.id, year };
  const queryClient = useQueryClient();
  const readsOnly = useReadsOnly();
  const [imported, setImported] = useState<Imported | null>(null);
  const [choices, setChoices] = useState<Record<number, LineChoice>>({});
  const [reading, setReading] = useState(false);
  const [booking, setBooking] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [accountId, setAccountId] = useState<number | null>(null);
  const [date, setDate] = useState<string | null>(null);
  // the living demo's statement of the month (FF Eppan in a demo installation): one click, as if dropped
  const demo = useQuery({ ...trpc.statements.demoFile.queryOptions(scope), enabled: !readsOnly, staleTime: 60_000 });

  async function read(files: File[]) {
    const file = files[0];
    if (!file) return;
    setReading(true);
    try {
      const content = await file.text();
      const result = await trpcClient.statements.import.mutate({ ...scope, fileName: file.name, content });
      setImported({ fileName: file.name, content, result });
      setChoices(initialChoices(result.entries));
      setAccountId(result.accountId);
      setDate(result.head.closing?.date ?? null);
    } catch (error) {
      notifyError(`${file.name}: ${errorText(i18n, error)}`, t`Kontoauszug nicht eingelesen`);
    } finally {
      setReading(false);
    }
  }

  const entries = imported?.result.entries ?? [];
  const chosen = entries.filter((e) => taken(e, choices));

  async function book() {
    if (!imported || booking || chosen.length === 0) return;
    setBooking(true);
    try {
      const answer = await trpcClient.statements.confirm.mutate({
        ...scope,
        fileName: imported.fileName,
        content: imported.content,
        decisions: decisionsOf(imported.result, choices, scope),
      });
      notifySuccess(
        answer.booked === 1 ? t`1 Zeile verbucht, ${answer.skipped} übersprungen` : t`${answer.booked} Zeilen verbucht, ${answer.skipped} übersprungen`,
        t`Kontoauszug verbucht`,
      );
      setImported(null);
      setChoices({});
      // registrations, payments and new movements move every figure
      await queryClient.invalidateQueries();
    } catch (error) {
      notifyError(errorText(i18n, error), t`Kontoauszug nicht verbucht`);
    } finally {
      setBooking(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void book();
    }
  }

  const onDrag = (event: DragEvent<HTMLDivElement>, over: boolean) => {
    if (readsOnly || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(over);
  };
  const set = (index: number, patch: Partial<LineChoice>) => setChoices((c) => ({ ...c, [index]: { ...choiceOf(c, index), ...patch } }));
  const head = imported?.result.head;

  return (
    <Stack
      gap="sm"
      maw={1280}
      onKeyDown={onKeyDown}
      onDragOver={(e) => onDrag(e, true)}
      onDragEnter={(e) => onDrag(e, true)}
      onDragLeave={(e) => onDrag(e, false)}
      onDrop={(e) => {
        if (readsOnly) return;
        e.preventDefault();
        setDragging(false);
        void read([...e.dataTransfer.files]);
      }}
      data-testid="statement-screen"
    >
      <ScreenHeader
        title={t`Kontoauszug einlesen`}
        subtitle={
          <Text size="sm" c="dimmed">
            {t`Die Datei der Bank (camt.053): jede Zeile bekommt einen Vorschlag, gebucht wird erst mit „Buchen“.`}
          </Text>
        }
      />
      {readsOnly ? null : (
        <Paper
          withBorder
          radius="sm"
          p="md"
          data-testid="statement-drop"
          data-dragging={dragging || undefined}
          style={dragging ? { borderColor: 'var(--mantine-color-green-6)', background: 'var(--mantine-color-green-light)' } : { borderStyle: 'dashed' }}
        >
          <Group justify="space-between">
            <Text size="sm">{t`Kontoauszug hierher ziehen oder die Datei wählen.`}</Text>
            <Group gap="xs">
              {demo.data ? (
                <Button
                  variant="subtle"
                  onClick={() => demo.data && void read([new File([demo.data.content], demo.data.fileName, { type: 'application/xml' })])}
                  data-testid="statement-demo"
                >
                  {t`Demo-Kontoauszug`}
                </Button>
              ) : null}
              <FileButton onChange={(f) => void read(f ? [f] : [])} accept=".xml,.camt,application/xml,text/xml">
                {(props) => (
                  <Button {...props} variant="light" loading={reading} data-testid="statement-pick">
                    {t`Datei wählen`}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Group>
        </Paper>
      )}
      {imported && head ? (
        <Paper withBorder radius="sm" p="md" data-testid="statement-head">
          <Stack gap="sm">
            <Group gap="xl" align="flex-start" wrap="wrap">
              <HeadFigure label={t`Konto`} testId="statement-account">
                {`${imported.result.accountCode} · ${head.iban}`}
              </HeadFigure>
              <HeadFigure label={t`Auszug`} testId="statement-id">
                {head.statementId}
              </HeadFigure>
              <HeadFigure label={t`Zeitraum`} testId="statement-period">
                {head.fromDate ? `${formatDate(head.fromDate)} – ${formatDate(head.toDate)}` : formatDate(head.createdOn.slice(0, 10))}
              </HeadFigure>
              <HeadFigure label={t`Anfangssaldo`} testId="statement-opening">
                {head.opening ? <Amount cents={head.opening.amount} size="sm" /> : '–'}
              </HeadFigure>
              <HeadFigure label={t`Gutschriften`} testId="statement-credits">
                <Amount cents={imported.result.creditTotal} size="sm" />
              </HeadFigure>
              <HeadFigure label={t`Lastschriften`} testId="statement-debits">
                <Amount cents={-imported.result.debitTotal} size="sm" />
              </HeadFigure>
              <HeadFigure label={t`Endsaldo`} testId="statement-closing">
                {head.closing ? <Amount cents={head.closing.amount} size="sm" fw={700} /> : '–'}
              </HeadFigure>
            </Group>
            {imported.result.duplicateOf ? (
              <Alert color="yellow" variant="light" data-testid="statement-duplicate">
                {t`Dieser Kontoauszug wurde am ${formatDate(imported.result.duplicateOf.importedAt.slice(0, 10))} schon eingelesen (${imported.result.duplicateOf.fileName}); verbuchte Zeilen sind als „Bereits verbucht“ markiert.`}
              </Alert>
            ) : null}
            <Table verticalSpacing={6} horizontalSpacing="xs" striped data-testid="statement-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th w={95}>{t`Datum`}</Table.Th>
                  <Table.Th>{t`Auftraggeber / Empfänger, Verwendungszweck`}</Table.Th>
                  <Table.Th w={120} ta="right">
                    {t`Betrag`}
                  </Table.Th>
                  <Table.Th w={460}>{t`Vorschlag`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => {
                  const choice = choiceOf(choices, entry.index);
                  return (
                    <Table.Tr key={entry.index} data-testid="statement-line" data-taken={taken(entry, choices) || undefined}>
                      <Table.Td>
                        <Checkbox
                          checked={taken(entry, choices)}
                          onChange={(e) => set(entry.index, { take: e.currentTarget.checked })}
                          disabled={entry.proposal.kind === 'alreadyBooked' || (entry.proposal.kind === 'none' && entry.alternatives.length === 0)}
                          aria-label={t`Buchen`}
                          data-testid="statement-take"
                        />
                      </Table.Td>
                      <Table.Td>{formatDate(entry.bookingDate)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {entry.counterpartyName || '–'}
                          {entry.reversal ? ` · ${t`Rückweisung`}` : ''}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {entry.remittance}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Amount cents={signedAmount(entry)} size="sm" data-testid="statement-amount" />
                      </Table.Td>
                      <Table.Td>
                        <ProposalCell entry={entry} choice={choice} scope={scope} onChange={(patch) => set(entry.index, patch)} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="statement-summary">
                {t`${chosen.length} von ${entries.length} Zeilen werden verbucht`}
              </Text>
              <Group gap="xs">
                <Button variant="default" onClick={() => setImported(null)}>
                  {t`Verwerfen`}
                </Button>
                <Button
                  onClick={() => void book()}
                  loading={booking}
                  disabled={chosen.length === 0}
                  title={t`Buchen (Strg+Enter)`}
                  data-testid="statement-book"
                >
                  {t`Buchen`}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      <ReconciliationPanel scope={scope} accountId={accountId} onAccount={setAccountId} date={date} onDate={setDate} />
      <RulesPanel scope={scope} writable={!readsOnly} />
    </Stack>
  );
}
