import { CATEGORY_CODE_MAX, CategoryFields, type Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { monoInput } from '../../ui/EditorShell.tsx';
import type { EditorId } from '../../ui/listState.ts';
import { ChartItemEditor } from './ChartItemEditor.tsx';
import { categoryLabels } from './labels.ts';
import { useChartItemLoaded } from './useChartItemLoaded.ts';

/** One category: part, code (up to 2 characters), descriptions in both languages. */
export function CategoryEditor({ id }: { id: EditorId }) {
  const { t } = useLingui();
  const loaded = useChartItemLoaded(id, trpc.chart.categories);
  return (
    <ChartItemEditor
      id={id}
      loaded={loaded}
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
