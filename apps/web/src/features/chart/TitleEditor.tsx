import { type Part, TitleFields } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { NumberInput } from '@mantine/core';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import type { EditorId } from '../../ui/listState.ts';
import { ChartItemEditor } from './ChartItemEditor.tsx';
import { titleLabels } from './labels.ts';
import { useChartItemLoaded } from './useChartItemLoaded.ts';

/** One title: part, number (the second digit of its chapters), descriptions in both languages. */
export function TitleEditor({ id }: { id: EditorId }) {
  const { t } = useLingui();
  const loaded = useChartItemLoaded(id, trpc.chart.titles);
  return (
    <ChartItemEditor
      id={id}
      loaded={loaded}
      toValues={(e) => ({ part: e.part as Part, title: e.title, descriptionDeu: e.descriptionDeu, descriptionIta: e.descriptionIta })}
      schema={TitleFields}
      labels={titleLabels}
      client={trpcClient.chart.titles}
      editFlag="titles"
      codePath="title"
      codeInput={(field) => <NumberInput size="sm" {...field} withAsterisk min={1} max={9} allowDecimal={false} allowNegative={false} hideControls />}
      newHeading={t`Neuer Titel`}
      heading={(v) => t`Titel ${String(v.part ?? '')}-${String(v.title ?? '')}`}
    />
  );
}
