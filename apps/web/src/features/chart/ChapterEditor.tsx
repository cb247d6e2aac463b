import { CHAPTER_SHORT_MAX, type ChapterFields, ChapterForm, chapterCodeOf, formatChapter, missingChapterTexts, type Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Grid, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { chapterWord, localDescription } from '../../ui/chartLabels.ts';
import { EditorShell, FormSection, monoInput } from '../../ui/EditorShell.tsx';
import type { EditorId } from '../../ui/listState.ts';
import { PartControl } from '../../ui/PartControl.tsx';
import { useEntityEditor } from '../../ui/useEntityEditor.ts';
import { useFieldProps } from '../../ui/useFieldProps.ts';
import { TextCol } from '../../ui/TextCol.tsx';
import { ChartStatusBanner } from './ChartStatusBanner.tsx';
import { chapterLabels } from './labels.ts';
import { useChartItemLoaded } from './useChartItemLoaded.ts';
import { useChartScope } from './useChartScope.ts';

type ChapterValues = {
  part: Part;
  title: number;
  chapterShort: string;
  searchKeyDeu: string;
  searchKeyIta: string;
  descriptionDeu: string;
  descriptionIta: string;
  emptyChapter: boolean;
  municipalContrib: boolean;
  categoryId: number | null;
  etsCategoryId: number | null;
  notes: string;
};

/**
 * One chapter: part, title (picked from the titles of the part), the short code (the chapter code
 * is part-title-short), search keys and descriptions in both languages (required unless it is an
 * empty chapter), municipal contribution, category, ETS category (of the part) and notes.
 */
export function ChapterEditor({ id }: { id: EditorId }) {
  const { t, i18n } = useLingui();
  const chart = useChartScope();
  const deptId = chart.department.id;
  const scopeInput = { departmentId: deptId, year: chart.year, area: chart.area };
  const loaded = useChartItemLoaded(id, trpc.chart.chapters);
  const editor = useEntityEditor<NonNullable<typeof loaded.data>, ChapterValues, ChapterFields>({
    id,
    loaded,
    toValues: (e) => ({
      part: e.part as Part,
      title: e.title,
      chapterShort: e.chapterShort,
      searchKeyDeu: e.searchKeyDeu,
      searchKeyIta: e.searchKeyIta,
      descriptionDeu: e.descriptionDeu,
      descriptionIta: e.descriptionIta,
      emptyChapter: e.emptyChapter,
      municipalContrib: e.municipalContrib,
      categoryId: e.categoryId,
      etsCategoryId: e.etsCategoryId,
      notes: e.notes,
    }),
    schema: ChapterForm,
    // search keys and descriptions are required unless it is an empty chapter (the schema's refinement says "invalid")
    extraErrors: (values) =>
      Object.fromEntries(missingChapterTexts({ ...values, emptyChapter: values.emptyChapter ?? false }).map((path) => [path, t`Dieses Feld ist erforderlich`])),
    labels: chapterLabels,
    save: (input, itemId) =>
      itemId === null
        ? trpcClient.chart.chapters.create.mutate({ ...input, ...scopeInput })
        : trpcClient.chart.chapters.update.mutate({ ...input, id: itemId, departmentId: deptId }),
    remove: (itemId) => trpcClient.chart.chapters.delete.mutate({ id: itemId, departmentId: deptId }),
    invalidate: () => queryClient.invalidateQueries({ ...trpc.chart.pathFilter(), refetchType: 'all' }),
  });
  const field = useFieldProps(editor.form, chapterLabels);
  const v = editor.form.values;
  const part = (v.part ?? 1) as Part;
  const readOnly = !chart.status?.canEdit.chapters;

  const titles = useQuery(trpc.chart.titles.list.queryOptions({ ...scopeInput, part, page: 1, pageSize: 100 }));
  const categories = useQuery(trpc.chart.categories.list.queryOptions({ ...scopeInput, part, page: 1, pageSize: 200 }));
  const ets = useQuery(trpc.chart.ets.queryOptions({ part }));
  const etsSections = part === 1 ? ets.data?.profit : ets.data?.loss;

  const code = v.part !== undefined && typeof v.title === 'number' ? chapterCodeOf(v.part, v.title, v.chapterShort ?? '') : null;
  const titleData = (titles.data?.entities ?? []).map((x) => ({ value: String(x.title), label: `${x.title} – ${localDescription(i18n, x)}` }));
  if (typeof v.title === 'number' && !titleData.some((x) => x.value === String(v.title))) titleData.push({ value: String(v.title), label: String(v.title) });
  const categoryData = (categories.data?.entities ?? []).map((x) => ({ value: String(x.id), label: `${x.category} – ${localDescription(i18n, x)}` }));
  const etsData = (etsSections ?? []).map((s) => ({
    group: `${s.section} – ${localDescription(i18n, s)}`,
    items: s.categories.map((c) => ({ value: String(c.id), label: `${c.code} – ${localDescription(i18n, c)}` })),
  }));

  const idSelect = (path: 'categoryId' | 'etsCategoryId') => {
    const props = field(path);
    return {
      label: props.label,
      name: props.name,
      error: props.error,
      onBlur: props.onBlur,
      value: v[path] === null || v[path] === undefined ? null : String(v[path]),
      onChange: (value: string | null) => editor.form.setFieldValue(path, value ? Number(value) : null),
    };
  };
  const required = !v.emptyChapter;
  const shownCode = code ? formatChapter(code) : '';

  return (
    <EditorShell
      title={editor.isNew ? t`Neues Kapitel` : t`Kapitel ${shownCode}`}
      subtitle={editor.isNew ? undefined : localDescription(i18n, { descriptionDeu: v.descriptionDeu ?? '', descriptionIta: v.descriptionIta ?? '' })}
      editor={editor}
      readOnly={readOnly}
      maw={1000}
    >
      <ChartStatusBanner status={chart.status} />
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <FormSection>
            <Grid gap="xs" align="flex-end">
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <PartControl
                  fullWidth
                  testId="part"
                  disabled={readOnly}
                  value={part}
                  onChange={(value) => {
                    editor.form.setFieldValue('part', value);
                    editor.form.setFieldValue('categoryId', null);
                    editor.form.setFieldValue('etsCategoryId', null);
                  }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  size="sm"
                  {...field('title')}
                  withAsterisk
                  allowDeselect={false}
                  data-testid="chapter-title"
                  data={titleData}
                  value={typeof v.title === 'number' ? String(v.title) : null}
                  onChange={(value) => editor.form.setFieldValue('title', Number(value))}
                  comboboxProps={{ width: 360, position: 'bottom-start' }}
                />
              </Grid.Col>
              <TextCol span={{ base: 6, sm: 2 }} {...field('chapterShort')} withAsterisk maxLength={CHAPTER_SHORT_MAX} styles={monoInput} />
              <Grid.Col span={{ base: 6, sm: 2 }}>
                <Stack gap={3}>
                  <Text size="sm" fw={500}>
                    {i18n._(chapterWord)}
                  </Text>
                  <Text size="lg" ff="monospace" fw={600} data-testid="chapter-code" h={36} lh="36px">
                    {code ? formatChapter(code) : '—'}
                  </Text>
                </Stack>
              </Grid.Col>
              <TextCol span={{ base: 12, sm: 6 }} {...field('descriptionDeu')} withAsterisk={required} />
              <TextCol span={{ base: 12, sm: 6 }} {...field('descriptionIta')} withAsterisk={required} />
              <TextCol span={{ base: 12, sm: 6 }} {...field('searchKeyDeu')} withAsterisk={required} />
              <TextCol span={{ base: 12, sm: 6 }} {...field('searchKeyIta')} withAsterisk={required} />
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Checkbox size="sm" {...field('emptyChapter', 'checkbox')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Checkbox size="sm" {...field('municipalContrib', 'checkbox')} />
              </Grid.Col>
            </Grid>
          </FormSection>
          <FormSection title={t`Zuordnung`}>
            <Grid gap="xs">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  size="sm"
                  {...idSelect('categoryId')}
                  clearable
                  searchable
                  data-testid="chapter-category"
                  data={categoryData}
                  nothingFoundMessage={t`Keine Treffer`}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  size="sm"
                  {...idSelect('etsCategoryId')}
                  clearable
                  searchable
                  data-testid="chapter-ets"
                  data={etsData}
                  nothingFoundMessage={t`Keine Treffer`}
                  comboboxProps={{ width: 520, position: 'bottom-start' }}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea size="sm" {...field('notes')} autosize minRows={2} maxRows={6} />
              </Grid.Col>
            </Grid>
          </FormSection>
        </Stack>
      </fieldset>
    </EditorShell>
  );
}
