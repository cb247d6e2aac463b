import { formatChapter, type MovementTemplate } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Button, Grid, Group, Loader, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useRef, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { type ChapterChoice, ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { chapterDescription, chapterWord } from '../../ui/chartLabels.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { BudgetClosedWarning } from './TemplatesScreen.tsx';
import { templateQuery } from './queries.ts';
import { TemplateDescriptionFields } from './TemplateDescriptionFields.tsx';

/** A chapter as the positions tables show it. */
interface Named {
  chapter: string;
  de: string;
  it: string;
}
interface Draft extends Record<string, unknown> {
  descriptionDeu: string;
  descriptionIta: string;
  expenses: Named[];
  transfers: { from: Named; to: Named }[];
}

function draftOf(t: MovementTemplate): Draft {
  return {
    descriptionDeu: t.descriptionDeu,
    descriptionIta: t.descriptionIta,
    expenses: t.positions.map((p) => ({ chapter: p.chapter, de: p.chapterDescriptionDe, it: p.chapterDescriptionIt })),
    transfers: t.transferPositions.map((p) => ({
      from: { chapter: p.chapterFrom, de: p.chapterFromDescriptionDe, it: p.chapterFromDescriptionIt },
      to: { chapter: p.chapterTo, de: p.chapterToDescriptionDe, it: p.chapterToDescriptionIt },
    })),
  };
}

const named = (c: ChapterChoice): Named => ({ chapter: c.chapter, de: c.descriptionDeu, it: c.descriptionIta });

/**
 * The positions of one movement template (`movementTemplates/$code`): expenses (one chapter each)
 * and transfers (a revenue chapter to an expense chapter), added with ChapterCodeInput (typed code
 * or picker), removed per row; Save replaces them, Back returns to the templates. Read-only with a
 * warning when the budget is closed.
 */
export function TemplatePositionsScreen({ code }: { code: number }) {
  const { t, i18n } = useLingui();
  const { department, year } = useScope();
  const navigate = useNavigate();
  const query = useQuery(templateQuery({ department, year }, code));
  // the edited draft belongs to the loaded template it started from; a new load starts over
  const root = useRef<HTMLDivElement>(null);
  const form = useDraftForm({ root, draft: query.data, toValues: draftOf, save, discardEditsOnReload: true });
  const [expense, setExpense] = useState<ChapterChoice | null>(null);
  const [from, setFrom] = useState<ChapterChoice | null>(null);
  const [to, setTo] = useState<ChapterChoice | null>(null);
  const [addKeys, setAddKeys] = useState({ expense: 0, transfer: 0 });
  const { confirm, element: confirmElement } = useConfirmDialog();

  const draft = form.values;
  const setDraft = (next: Draft) => form.form.setValues(next);
  const { dirty, saving: busy } = form;
  const editable = query.data?.isEditable ?? false;
  const back = (ignoreBlocker = false) =>
    void navigate({ to: '/dept/$dept/year/$year/movementTemplates', params: { dept: department.code, year: String(year) }, ignoreBlocker });
  const desc = (n: Named) => (i18n.locale === 'it' ? n.it || n.de : n.de || n.it);

  async function save(draft: Draft): Promise<boolean> {
    if (draft.descriptionDeu.trim() === '' || draft.descriptionIta.trim() === '') {
      notifyInfo(t`Einige Felder haben ungültige Werte`);
      return false;
    }
    try {
      await trpcClient.templates.save.mutate({
        departmentId: department.id,
        year,
        code,
        descriptionDeu: draft.descriptionDeu,
        descriptionIta: draft.descriptionIta,
        positions: draft.expenses.map((p) => ({ chapter: p.chapter, type: 1 })),
        transferPositions: draft.transfers.map((p) => ({ chapterFrom: p.from.chapter, chapterTo: p.to.chapter })),
      });
      await queryClient.invalidateQueries(trpc.templates.pathFilter());
      notifySuccess(t`Gespeichert`);
      return true;
    } catch (error) {
      notifyError(errorText(i18n, error));
      return false;
    }
  }

  async function remove() {
    const ok = await confirm({ title: t`Löschen`, children: t`Löschen?`, danger: true });
    if (!ok) return;
    try {
      await trpcClient.templates.delete.mutate({ departmentId: department.id, year, code });
      await queryClient.invalidateQueries(trpc.templates.pathFilter());
      notifySuccess(t`Gelöscht`);
      back(true);
    } catch (error) {
      notifyError(errorText(i18n, error));
    }
  }

  const removeButton = (label: string, onClick: () => void) => (
    <Tooltip label={label}>
      <ActionIcon size="sm" variant="subtle" color="red" aria-label={label} onClick={onClick} disabled={!editable} data-testid="position-remove">
        ✕
      </ActionIcon>
    </Tooltip>
  );
  const chapterCell = (n: Named) => (
    <Text size="sm" ff="monospace">
      {formatChapter(n.chapter)}
    </Text>
  );

  let body: ReactNode;
  if (query.error)
    body = (
      <Alert color="red" variant="light">
        {errorText(i18n, query.error)}
      </Alert>
    );
  else if (!draft)
    body = (
      <Paper withBorder p="xl">
        <Group justify="center">
          <Loader size="sm" />
        </Group>
      </Paper>
    );
  else
    body = (
      <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <Paper withBorder radius="sm" p="sm">
            <Grid gap="xs">
              <TemplateDescriptionFields values={draft} onChange={(d) => setDraft({ ...draft, ...d })} showMissing span={{ base: 12, sm: 6 }} />
            </Grid>
          </Paper>

          <Paper withBorder radius="sm" p="sm" data-testid="template-expenses">
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
              {t`Ausgaben`}
            </Text>
            <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" striped layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={100}>{i18n._(chapterWord)}</Table.Th>
                  <Table.Th>{t`Beschreibung`}</Table.Th>
                  <Table.Th w={44} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {draft.expenses.map((p, i) => (
                  <Table.Tr key={`${p.chapter}-${i}`} data-testid="expense-row">
                    <Table.Td>{chapterCell(p)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{desc(p)}</Table.Td>
                    <Table.Td ta="center">
                      {removeButton(t`Position entfernen`, () => setDraft({ ...draft, expenses: draft.expenses.filter((_, j) => j !== i) }))}
                    </Table.Td>
                  </Table.Tr>
                ))}
                {draft.expenses.length === 0 ? <EmptyTableRow colSpan={3}>{t`Keine Ausgabenpositionen.`}</EmptyTableRow> : null}
              </Table.Tbody>
            </Table>
            {editable ? (
              <Group gap="sm" align="flex-end" mt="xs" wrap="nowrap">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <ChapterCodeInput
                    key={addKeys.expense}
                    departmentId={department.id}
                    year={year}
                    part={2}
                    label={t`Ausgabenkapitel`}
                    name="expense"
                    value={expense}
                    onChange={setExpense}
                  />
                </div>
                <Button
                  variant="light"
                  disabled={expense === null}
                  data-testid="expense-add"
                  onClick={() => {
                    if (!expense) return;
                    setDraft({ ...draft, expenses: [...draft.expenses, named(expense)] });
                    setExpense(null);
                    setAddKeys((k) => ({ ...k, expense: k.expense + 1 }));
                  }}
                >
                  {t`Hinzufügen`}
                </Button>
              </Group>
            ) : null}
          </Paper>

          <Paper withBorder radius="sm" p="sm" data-testid="template-transfers">
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
              {t`Umbuchungen`}
            </Text>
            <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" striped layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={100}>{t`Von Kapitel`}</Table.Th>
                  <Table.Th>{t`Beschreibung`}</Table.Th>
                  <Table.Th w={100}>{t`Auf Kapitel`}</Table.Th>
                  <Table.Th>{t`Beschreibung`}</Table.Th>
                  <Table.Th w={44} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {draft.transfers.map((p, i) => (
                  <Table.Tr key={`${p.from.chapter}-${p.to.chapter}-${i}`} data-testid="transfer-row">
                    <Table.Td>{chapterCell(p.from)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{desc(p.from)}</Table.Td>
                    <Table.Td>{chapterCell(p.to)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{desc(p.to)}</Table.Td>
                    <Table.Td ta="center">
                      {removeButton(t`Position entfernen`, () => setDraft({ ...draft, transfers: draft.transfers.filter((_, j) => j !== i) }))}
                    </Table.Td>
                  </Table.Tr>
                ))}
                {draft.transfers.length === 0 ? <EmptyTableRow colSpan={5}>{t`Keine Umbuchungen.`}</EmptyTableRow> : null}
              </Table.Tbody>
            </Table>
            {editable ? (
              <Group gap="sm" align="flex-end" mt="xs" wrap="nowrap" key={addKeys.transfer}>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <ChapterCodeInput
                    departmentId={department.id}
                    year={year}
                    part={1}
                    label={t`Von Einnahmenkapitel`}
                    name="transferFrom"
                    value={from}
                    onChange={setFrom}
                  />
                </div>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <ChapterCodeInput
                    departmentId={department.id}
                    year={year}
                    part={2}
                    label={t`Auf Ausgabenkapitel`}
                    name="transferTo"
                    value={to}
                    onChange={setTo}
                  />
                </div>
                <Button
                  variant="light"
                  disabled={from === null || to === null}
                  data-testid="transfer-add"
                  onClick={() => {
                    if (!from || !to) return;
                    setDraft({ ...draft, transfers: [...draft.transfers, { from: named(from), to: named(to) }] });
                    setFrom(null);
                    setTo(null);
                    setAddKeys((k) => ({ ...k, transfer: k.transfer + 1 }));
                  }}
                >
                  {t`Hinzufügen`}
                </Button>
              </Group>
            ) : null}
          </Paper>
        </Stack>
      </fieldset>
    );

  const title = draft ? chapterDescription(i18n, { descriptionDeu: draft.descriptionDeu, descriptionIta: draft.descriptionIta }) : '';

  return (
    <MenuScreenGate path="movementTemplates">
      <Stack ref={root} gap="sm" maw={1100}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" pos="sticky" top={52} py={6} bg="var(--mantine-color-body)" style={{ zIndex: 5 }}>
          <div style={{ minWidth: 0 }}>
            <Title order={2} data-testid="editor-title" lineClamp={1}>
              {t`Buchungsvorlage ${code}`}
            </Title>
            <Text size="sm" c="dimmed" truncate>
              {title}
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            {editable ? (
              <>
                <Button variant="default" size="sm" disabled={!dirty || busy} onClick={form.reset} data-testid="editor-reset">
                  <Trans>Zurücksetzen</Trans>
                </Button>
                <Button size="sm" disabled={!dirty} loading={busy} onClick={() => void form.save()} data-testid="editor-save">
                  <Trans>Speichern</Trans>
                </Button>
                <Button color="red" variant="light" size="sm" disabled={busy} onClick={() => void remove()} data-testid="editor-delete">
                  <Trans>Löschen</Trans>
                </Button>
              </>
            ) : null}
            <Button variant="subtle" size="sm" onClick={() => back()} data-testid="editor-back">
              <Trans>Zurück</Trans>
            </Button>
          </Group>
        </Group>
        {query.data && !editable ? <BudgetClosedWarning /> : null}
        {body}
      </Stack>
      <UnsavedChangesGuard dirty={dirty} />
      {confirmElement}
    </MenuScreenGate>
  );
}

/** The one row of an empty positions table, saying so. */
function EmptyTableRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
