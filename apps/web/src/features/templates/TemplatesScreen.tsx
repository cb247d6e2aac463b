import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Grid, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { type ChapterChoice, ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { localDescription } from '../../ui/chartLabels.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { useMasterList } from '../../ui/useMasterList.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { templateFilterKeys, templateListQuery } from './queries.ts';
import { TemplateDescriptionFields } from './TemplateDescriptionFields.tsx';

/** The closed-budget warning of the template screens. */
export function BudgetClosedWarning() {
  return (
    <Alert color="yellow" variant="light" title={<Trans>Haushalt abgeschlossen</Trans>} data-testid="templates-closed">
      <Trans>Der Haushalt dieses Jahres ist abgeschlossen: Buchungsvorlagen können nur gelesen werden.</Trans>
    </Alert>
  );
}

/**
 * Movement templates (menu `movementTemplates`): the head form of a new template (chapter lookup by
 * code or picker, descriptions in both languages, then on to its positions) and the department's templates; a row opens its
 * positions. Read-only with a warning when the scope's budget is closed.
 */
export function TemplatesScreen() {
  const { t, i18n } = useLingui();
  const { department, year } = useScope();
  const navigate = useNavigate();
  const list = useMasterList(templateFilterKeys);
  const query = useQuery({
    ...templateListQuery({ department, year }, list),
    placeholderData: keepPreviousData,
  });
  const editable = query.data?.isEditable ?? true;
  const [head, setHead] = useState({ descriptionDeu: '', descriptionIta: '' });
  // the chapter lookup of the head (spec 2 §2): typed code or picker; it names the template and becomes its first expense
  const [chapter, setChapter] = useState<ChapterChoice | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const open = (code: number) =>
    void navigate({ to: '/dept/$dept/year/$year/movementTemplates/$code', params: { dept: department.code, year: String(year), code } });

  async function create(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (head.descriptionDeu.trim() === '' || head.descriptionIta.trim() === '') {
      notifyInfo(t`Einige Felder haben ungültige Werte`);
      return;
    }
    setBusy(true);
    try {
      const positions = chapter ? [{ chapter: chapter.chapter, type: 1 }] : [];
      const created = await trpcClient.templates.create.mutate({ departmentId: department.id, year, ...head, positions });
      await queryClient.invalidateQueries(trpc.templates.pathFilter());
      notifySuccess(t`Gespeichert`);
      open(created.code);
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <MenuScreenGate path="movementTemplates">
      <Stack gap="sm" maw={1000}>
        <Title order={2} data-testid="screen-title">
          {t`Buchungsvorlagen`}
        </Title>
        {!editable ? <BudgetClosedWarning /> : null}
        <Paper withBorder radius="sm" p="sm" component="form" onSubmit={create} noValidate data-testid="template-head">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
            {t`Neue Vorlage`}
          </Text>
          <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Grid gap="xs" align="flex-start">
              <Grid.Col span={12}>
                <ChapterCodeInput
                  departmentId={department.id}
                  year={year}
                  part={2}
                  label={t`Ausgabenkapitel`}
                  name="chapter"
                  value={chapter}
                  onChange={(c) => {
                    setChapter(c);
                    // a chosen chapter names an unnamed template
                    if (c)
                      setHead((h) => ({
                        descriptionDeu: h.descriptionDeu.trim() || c.descriptionDeu,
                        descriptionIta: h.descriptionIta.trim() || c.descriptionIta,
                      }));
                  }}
                />
              </Grid.Col>
              <TemplateDescriptionFields values={head} onChange={setHead} showMissing={tried} span={{ base: 12, sm: 'auto' }} />
              <Grid.Col span={{ base: 12, sm: 'content' }} pt={25}>
                <Button type="submit" loading={busy} disabled={!editable} data-testid="template-continue">
                  {t`Weiter zu den Positionen`}
                </Button>
              </Grid.Col>
            </Grid>
          </fieldset>
        </Paper>
        <Paper withBorder radius="sm" px="sm" py={8}>
          <TextInput size="xs" w={260} label={t`Beschreibung`} {...list.filterProps('description')} />
        </Paper>
        <DataTable
          testId="template-table"
          columns={[
            { key: 'code', header: t`Nummer`, width: 80, align: 'right', mono: true, render: (r) => r.code },
            { key: 'description', header: t`Beschreibung`, render: (r) => localDescription(i18n, r) },
            { key: 'other', header: t`Beschreibung (andere Sprache)`, render: (r) => (i18n.locale === 'it' ? r.descriptionDeu : r.descriptionIta) },
            { key: 'positions', header: t`Positionen`, width: 90, align: 'right', render: (r) => r.positionCount },
          ]}
          rows={query.data?.entities}
          total={query.data?.total}
          rowKey={(r) => r.id}
          page={list.page}
          pageSize={list.pageSize}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          onRowClick={(r) => open(r.code)}
          loading={query.isFetching}
          emptyText={t`Keine Buchungsvorlagen gefunden.`}
        />
      </Stack>
    </MenuScreenGate>
  );
}
