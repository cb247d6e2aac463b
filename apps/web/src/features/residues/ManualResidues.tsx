import { formatChapter, type ManualResidue, ManualResidueSaveInput } from '@app/domain';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Grid, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trpcClient } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { type ChapterChoice, ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { chapterWord, localDescription } from '../../ui/chartLabels.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { EditorShell, FormSection } from '../../ui/EditorShell.tsx';
import type { FieldLabels } from '../../ui/fieldMessages.ts';
import type { EditorId } from '../../ui/listState.ts';
import { MasterList } from '../../ui/MasterList.tsx';
import { TextCol } from '../../ui/TextCol.tsx';
import { useEntityEditor } from '../../ui/useEntityEditor.ts';
import { useFieldProps } from '../../ui/useFieldProps.ts';
import { useEditorId, useMasterList } from '../../ui/useMasterList.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { RecordHistoryButton } from '../audit/RecordHistoryButton.tsx';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { invalidateResidues, manualFilterKeys, manualResiduesQuery } from './queries.ts';

/** Labels of the manual residue form (the same name the fields a server error names). */
const manualLabels: FieldLabels = {
  chapterYear: msg`Jahr`,
  chapter: chapterWord,
  chapterId: chapterWord,
  descriptionDeu: msg`Bezeichnung deutsch`,
  descriptionIta: msg`Bezeichnung italienisch`,
  amount: msg`Rückstand`,
  note: msg`Anmerkungen`,
};

/** Manual residues (residues/edit, only in the department's first year): the list, or the form of `?id=`. */
export function ManualResiduesScreen() {
  const id = useEditorId();
  return <MenuScreenGate path="residues/edit">{id === undefined ? <ManualResidueList /> : <ManualResidueEditor key={id} id={id} />}</MenuScreenGate>;
}

/** The department's manual residues: search by year, chapter or description; paged (10 a page by default); Neu. */
function ManualResidueList() {
  const { t, i18n } = useLingui();
  const { department, year, status } = useScope();
  const list = useMasterList(manualFilterKeys);
  const query = useQuery({ ...manualResiduesQuery({ department, year }, list.filters.search ?? ''), placeholderData: keepPreviousData });
  const rows = query.data?.rows;
  const page = rows?.slice((list.page - 1) * list.pageSize, list.page * list.pageSize);
  const editable = query.data?.editable ?? false;
  return (
    <Stack gap="sm">
      {query.data?.isBudgetClosed ? <BudgetStateAlert closed status={status} /> : null}
      <MasterList
        title={t`Rückstände erfassen ${year}`}
        onNew={() => list.openEditor('new')}
        newDisabled={!editable}
        filters={<TextInput size="xs" w={260} label={t`Suche (Jahr, Kapitel, Bezeichnung)`} {...list.filterProps('search')} data-testid="manual-search" />}
      >
        <DataTable
          testId="manual-table"
          columns={[
            { key: 'year', header: t`Jahr`, width: 70, render: (r: ManualResidue) => r.chapterYear },
            { key: 'chapter', header: i18n._(chapterWord), width: 90, mono: true, render: (r) => formatChapter(r.chapter) },
            { key: 'description', header: t`Bezeichnung`, render: (r) => localDescription(i18n, r) },
            { key: 'amount', header: t`Rückstand`, width: 130, align: 'right', render: (r) => <Amount cents={r.amount} size="sm" /> },
            { key: 'used', header: t`Verwendet`, width: 130, align: 'right', render: (r) => <Amount cents={r.used} size="sm" /> },
            { key: 'note', header: t`Anmerkungen`, width: 220, render: (r) => r.note },
          ]}
          rows={page}
          total={rows?.length}
          rowKey={(r) => r.id}
          page={list.page}
          pageSize={list.pageSize}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          onRowClick={(r) => list.openEditor(r.id)}
          loading={query.isFetching}
          emptyText={t`Keine Rückstände erfasst.`}
        />
      </MasterList>
    </Stack>
  );
}

interface ManualValues extends Record<string, unknown> {
  chapterYear: number | '';
  chapter: ChapterChoice | null;
  descriptionDeu: string;
  descriptionIta: string;
  amount: number | null;
  note: string;
}

/** A new manual residue starts in the year before the scope year. */
type Loaded = ManualResidue | { template: true; chapterYear: number };

/**
 * One manual residue (DOMAIN decision 15): year (before the scope year) and chapter, the German and
 * Italian descriptions (typed only for an empty chapter), the residue amount and notes; Delete while
 * nothing is booked or reserved on it, Save, Back. Read-only when the budget is closed.
 */
function ManualResidueEditor({ id }: { id: EditorId }) {
  const { t, i18n } = useLingui();
  const { department, year, status } = useScope();
  const all = useQuery(manualResiduesQuery({ department, year }, ''));
  const row = id === 'new' ? undefined : all.data?.rows.find((r) => r.id === id);
  const loaded: { data: Loaded | undefined; error: unknown } =
    id === 'new'
      ? { data: { template: true, chapterYear: year - 1 }, error: null }
      : { data: row, error: all.error ?? (all.data && !row ? new Error('ResiduelNotFound') : null) };
  const editor = useEntityEditor({
    id,
    loaded,
    toValues: (r: Loaded): ManualValues =>
      'template' in r
        ? { chapterYear: r.chapterYear, chapter: null, descriptionDeu: '', descriptionIta: '', amount: null, note: '' }
        : {
            chapterYear: r.chapterYear,
            chapter: {
              id: r.chapterId,
              chapter: r.chapter,
              part: r.part,
              descriptionDeu: r.descriptionDeu,
              descriptionIta: r.descriptionIta,
              emptyChapter: r.isEditable,
            },
            descriptionDeu: r.descriptionDeu,
            descriptionIta: r.descriptionIta,
            amount: r.amount,
            note: r.note,
          },
    toInput: (v: ManualValues) => ({
      departmentId: department.id,
      year,
      chapterYear: v.chapterYear === '' ? undefined : v.chapterYear,
      ...(v.chapter ? { chapter: v.chapter.chapter } : {}),
      descriptionDeu: v.chapter?.emptyChapter ? v.descriptionDeu : '',
      descriptionIta: v.chapter?.emptyChapter ? v.descriptionIta : '',
      amount: v.amount ?? undefined,
      note: v.note,
    }),
    schema: ManualResidueSaveInput,
    extraErrors: (v) => {
      const errors: Record<string, string> = {};
      if (v.chapterYear !== '' && v.chapterYear >= year) errors['chapterYear'] = t`Ein Jahr vor ${year}`;
      if (v.chapter?.emptyChapter && !v.descriptionDeu.trim()) errors['descriptionDeu'] = t`Dieses Feld ist erforderlich`;
      if (v.chapter?.emptyChapter && !v.descriptionIta.trim()) errors['descriptionIta'] = t`Dieses Feld ist erforderlich`;
      return errors;
    },
    labels: manualLabels,
    save: (input, residueId) => trpcClient.residues.manualSave.mutate({ ...input, id: residueId }),
    remove: (residueId) => trpcClient.residues.manualDelete.mutate({ departmentId: department.id, year, id: residueId }),
    invalidate: invalidateResidues,
  });
  const { form } = editor;
  const field = useFieldProps(form, manualLabels);
  const v = form.values;
  const readOnly = !(all.data?.editable ?? false);
  const names = v.chapter?.emptyChapter ?? false;
  const chapterError = form.errors['chapter'] ?? form.errors['chapterId'];
  const code = v.chapter ? formatChapter(v.chapter.chapter) : '';
  const chapterYearText = String(v.chapterYear ?? '');
  return (
    <EditorShell
      title={editor.isNew ? t`Neuer Rückstand` : t`Rückstand ${chapterYearText} ${code}`}
      subtitle={v.chapter ? localDescription(i18n, v.chapter) : undefined}
      editor={editor}
      readOnly={readOnly}
      noDelete={row !== undefined && !row.isDeletable}
      maw={900}
    >
      {row ? (
        <Group justify="flex-end">
          <RecordHistoryButton record={{ entity: 'residue', entityId: String(row.id) }} />
        </Group>
      ) : null}
      {readOnly && all.data?.isBudgetClosed ? <BudgetStateAlert closed status={status} /> : null}
      {row && !row.isDeletable ? (
        <Alert color="blue" variant="light" py={6} data-testid="manual-used">
          {t`Auf diesem Rückstand ist bereits gebucht oder vorgemerkt: er kann nicht gelöscht und nicht unter den verwendeten Betrag gesenkt werden.`}
        </Alert>
      ) : null}
      <FormSection>
        <Grid gap="xs" align="flex-start">
          <Grid.Col span={{ base: 4, sm: 2 }}>
            <NumberInput
              size="sm"
              {...field('chapterYear')}
              withAsterisk
              hideControls
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator={false}
              readOnly={readOnly}
              data-testid="manual-year"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 8, sm: 10 }}>
            <ChapterCodeInput
              departmentId={department.id}
              year={year}
              allowEmptyChapters
              value={v.chapter}
              onChange={(chapter) => {
                form.setFieldValue('chapter', chapter);
                form.clearFieldError('chapter');
                if (chapter?.emptyChapter && !v.descriptionDeu && !v.descriptionIta) {
                  form.setFieldValue('descriptionDeu', chapter.descriptionDeu);
                  form.setFieldValue('descriptionIta', chapter.descriptionIta);
                }
              }}
              label={i18n._(chapterWord)}
              required
              disabled={readOnly}
              error={chapterError}
              name="manual-chapter"
              withDescription
            />
          </Grid.Col>
          {names ? (
            <>
              <TextCol span={{ base: 12, sm: 6 }} {...field('descriptionDeu')} withAsterisk readOnly={readOnly} data-testid="manual-description-deu" />
              <TextCol span={{ base: 12, sm: 6 }} {...field('descriptionIta')} withAsterisk readOnly={readOnly} data-testid="manual-description-ita" />
            </>
          ) : null}
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <AmountInput
              size="sm"
              label={i18n._(manualLabels['amount'] ?? msg`Rückstand`)}
              withAsterisk
              value={v.amount}
              onChange={(cents) => form.setFieldValue('amount', cents)}
              error={form.errors['amount']}
              readOnly={readOnly}
              name="amount"
              data-testid="manual-amount"
            />
          </Grid.Col>
          <TextCol span={{ base: 12, sm: 9 }} {...field('note')} readOnly={readOnly} data-testid="manual-note" />
        </Grid>
      </FormSection>
    </EditorShell>
  );
}
