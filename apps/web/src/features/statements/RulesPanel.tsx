/**
 * Zuordnungsregeln / Regole di abbinamento (issue 28): "text contains Gemeinde Lana → 1-1-001". A statement
 * line without a supplier's chapter whose counterparty or remittance contains the text is drafted on the chapter
 * (revenues for money in, expenses for money out). The cashier adds and deletes them here.
 */
import { formatChapter, type MovementKind } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { type ChapterChoice, ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';

export function RulesPanel({ scope, writable }: { scope: { departmentId: number; year: number }; writable: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const rules = useQuery(trpc.statements.rules.queryOptions(scope));
  const [kind, setKind] = useState<MovementKind>('revenues');
  const [text, setText] = useState('');
  const [chapter, setChapter] = useState<ChapterChoice | null>(null);
  const [saving, setSaving] = useState(false);

  async function add() {
    if (!text.trim() || !chapter) return;
    setSaving(true);
    try {
      await trpcClient.statements.saveRule.mutate({ ...scope, kind, text, chapter: chapter.chapter });
      notifySuccess(t`Regel „${text.trim()}“ gespeichert`);
      setText('');
      setChapter(null);
      await queryClient.invalidateQueries(trpc.statements.pathFilter());
    } catch (error) {
      notifyError(errorText(i18n, error), t`Regel nicht gespeichert`);
    } finally {
      setSaving(false);
    }
  }

  async function remove(id: number) {
    try {
      await trpcClient.statements.deleteRule.mutate({ ...scope, id });
      await queryClient.invalidateQueries(trpc.statements.pathFilter());
    } catch (error) {
      notifyError(errorText(i18n, error));
    }
  }

  return (
    <Paper withBorder radius="sm" p="md" data-testid="statement-rules">
      <Stack gap="sm">
        <Title order={4}>{t`Zuordnungsregeln`}</Title>
        <Text size="sm" c="dimmed">
          {t`Enthält der Name oder der Verwendungszweck einer Zeile den Text, schlägt das Programm das Kapitel vor.`}
        </Text>
        {(rules.data ?? []).length > 0 ? (
          <Table verticalSpacing={4} data-testid="statement-rules-table">
            <Table.Tbody>
              {(rules.data ?? []).map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td w={110}>{r.kind === 'revenues' ? t`Einnahmen` : t`Ausgaben`}</Table.Td>
                  <Table.Td>{t`enthält „${r.text}“`}</Table.Td>
                  <Table.Td w={100} ff="monospace">
                    {formatChapter(r.chapter)}
                  </Table.Td>
                  <Table.Td w={40}>
                    {writable ? (
                      <ActionIcon variant="subtle" color="red" onClick={() => void remove(r.id)} aria-label={t`Regel löschen`}>
                        ×
                      </ActionIcon>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {writable ? (
          <Group gap="sm" align="flex-end">
            <SegmentedControl
              size="xs"
              value={kind}
              onChange={(v) => {
                setKind(v as MovementKind);
                setChapter(null);
              }}
              data={[
                { value: 'revenues', label: t`Einnahmen` },
                { value: 'expenses', label: t`Ausgaben` },
              ]}
            />
            <TextInput label={t`Text enthält`} value={text} onChange={(e) => setText(e.currentTarget.value)} w={260} maxLength={100} data-testid="rule-text" />
            <ChapterCodeInput
              departmentId={scope.departmentId}
              year={scope.year}
              part={kind === 'revenues' ? 1 : 2}
              label={t`Kapitel`}
              value={chapter}
              onChange={setChapter}
              name="rule-chapter"
            />
            <Button variant="light" onClick={() => void add()} loading={saving} disabled={!text.trim() || !chapter} data-testid="rule-add">
              {t`Regel hinzufügen`}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
