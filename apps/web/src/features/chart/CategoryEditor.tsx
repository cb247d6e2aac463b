import { CATEGORY_CODE_MAX, CategoryFields, type Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Grid, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { partLabels } from '../../ui/chartLabels.ts';
import { EditorShell, FormSection, monoInput } from '../../ui/EditorShell.tsx';
import type { EditorId } from '../../ui/listState.ts';
import { pickLoaded, useEntityEditor } from '../../ui/useEntityEditor.ts';
import { useFieldProps } from '../../ui/useFieldProps.ts';
import { ChartStatusBanner } from './ChartStatusBanner.tsx';
import { categoryLabels } from './labels.ts';
import { useChartScope } from './useChartScope.ts';

/** One category: part, code (up to 2 characters), descriptions in both languages. */
export function CategoryEditor({ id }: { id: EditorId }) {
  const { t, i18n } = useLingui();
  const chart = useChartScope();
  const deptId = chart.department.id;
  const existing = useQuery({ ...trpc.chart.categories.get.queryOptions({ id: id === 'new' ? 0 : id, departmentId: deptId }), enabled: id !== 'new' });
  const template = useQuery({ ...trpc.chart.categories.template.queryOptions({ departmentId: deptId, year: chart.year, area: chart.area }), enabled: id === 'new' });
  const editor = useEntityEditor({
    id,
    loaded: pickLoaded(id, existing, template),
    toValues: (e) => ({ part: e.part as Part, category: e.category, descriptionDeu: e.descriptionDeu, descriptionIta: e.descriptionIta }),
    schema: CategoryFields,
    labels: categoryLabels,
    save: (input, itemId) =>
      itemId === null
        ? trpcClient.chart.categories.create.mutate({ ...input, departmentId: deptId, year: chart.year, area: chart.area })
        : trpcClient.chart.categories.update.mutate({ ...input, id: itemId, departmentId: deptId }),
    remove: (itemId) => trpcClient.chart.categories.delete.mutate({ id: itemId, departmentId: deptId }),
    invalidate: () => queryClient.invalidateQueries({ ...trpc.chart.pathFilter(), refetchType: 'all' }),
  });
  const field = useFieldProps(editor.form, categoryLabels);
  const v = editor.form.values;
  const readOnly = !chart.status?.canEdit.categories;

  return (
    <EditorShell
      title={editor.isNew ? t`Neue Kategorie` : t`Kategorie ${String(v.part ?? '')}-${String(v.category ?? '')}`}
      subtitle={editor.isNew ? undefined : i18n.locale === 'it' ? v.descriptionIta : v.descriptionDeu}
      editor={editor}
      readOnly={readOnly}
      maw={900}
    >
      <ChartStatusBanner status={chart.status} />
      <FormSection>
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Grid gap="xs" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Stack gap={3}>
                <Text size="sm" fw={500}>
                  {t`Teil`}
                </Text>
                <SegmentedControl
                  size="sm"
                  data-testid="part"
                  disabled={readOnly}
                  value={String(v.part ?? 1)}
                  onChange={(value) => editor.form.setFieldValue('part', Number(value) as Part)}
                  data={([1, 2] as const).map((p) => ({ value: String(p), label: i18n._(partLabels[p]) }))}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 2 }}>
              <TextInput size="sm" {...field('category')} withAsterisk maxLength={CATEGORY_CODE_MAX} styles={monoInput} />
            </Grid.Col>
            <Grid.Col span={12} />
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput size="sm" {...field('descriptionDeu')} withAsterisk />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput size="sm" {...field('descriptionIta')} withAsterisk />
            </Grid.Col>
          </Grid>
        </fieldset>
      </FormSection>
    </EditorShell>
  );
}
