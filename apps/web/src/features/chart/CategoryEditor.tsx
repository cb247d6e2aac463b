import { CATEGORY_CODE_MAX, CategoryFields, type Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { monoInput } from '../../ui/EditorShell.tsx';
import type { EditorId } from '../../ui/listState.ts';
import { pickLoaded } from '../../ui/useEntityEditor.ts';
import { ChartItemEditor } from './ChartItemEditor.tsx';
import { categoryLabels } from './labels.ts';
import { useChartScope } from './useChartScope.ts';

/** One category: part, code (up to 2 characters), descriptions in both languages. */
export function CategoryEditor({ id }: { id: EditorId }) {
  const { t } = useLingui();
  const chart = useChartScope();
  const deptId = chart.department.id;
  const existing = useQuery({ ...trpc.chart.categories.get.queryOptions({ id: id === 'new' ? 0 : id, departmentId: deptId }), enabled: id !== 'new' });
  const template = useQuery({
    ...trpc.chart.categories.template.queryOptions({ departmentId: deptId, year: chart.year, area: chart.area }),
    enabled: id === 'new',
  });
  return (
    <ChartItemEditor
      id={id}
      loaded={pickLoaded(id, existing, template)}
      toValues={(e) => ({ part: e.part as Part, category: e.category, descriptionDeu: e.descriptionDeu, descriptionIta: e.descriptionIta })}
      schema={CategoryFields}
      labels={categoryLabels}
      client={trpcClient.chart.categories}
      editFlag="categories"
      codePath="category"
      codeInput={(field) => <TextInput size="sm" {...field} withAsterisk maxLength={CATEGORY_CODE_MAX} styles={monoInput} />}
      newHeading={t`Neue Kategorie`}
      heading={(v) => t`Kategorie ${String(v.part ?? '')}-${String(v.category ?? '')}`}
    />
  );
}
