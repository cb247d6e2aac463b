import type { Area, Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Grid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { EditorShell, FormSection } from '../../ui/EditorShell.tsx';
import type { FieldLabels } from '../../ui/fieldMessages.ts';
import type { EditorId } from '../../ui/listState.ts';
import { PartControl } from '../../ui/PartControl.tsx';
import { useEntityEditor } from '../../ui/useEntityEditor.ts';
import { useFieldProps } from '../../ui/useFieldProps.ts';
import { ChartStatusBanner } from './ChartStatusBanner.tsx';
import { useChartScope } from './useChartScope.ts';

/** The form values every chart item has besides its code. */
export interface ChartItemValues extends Record<string, unknown> {
  part: Part;
  descriptionDeu: string;
  descriptionIta: string;
}

/** The write procedures of one chart item kind (trpcClient.chart.titles or .categories). */
export interface ChartItemClient<In> {
  create: { mutate: (input: In & { departmentId: number; year: number; area: Area }) => Promise<unknown> };
  update: { mutate: (input: In & { id: number; departmentId: number }) => Promise<unknown> };
  delete: { mutate: (input: { id: number; departmentId: number }) => Promise<unknown> };
}

/** What an input gets from useFieldProps: label, name, value, onChange, onBlur, error. */
export type ChartItemFieldProps = ReturnType<ReturnType<typeof useFieldProps>>;

export interface ChartItemEditorProps<E, V extends ChartItemValues, Out> {
  id: EditorId;
  /** The item (or the server's template for `new`) as loaded by the caller. */
  loaded: { data: E | undefined; error: unknown };
  toValues: (entity: E) => V;
  schema: z.ZodType<Out>;
  labels: FieldLabels;
  client: ChartItemClient<Out>;
  /** Which flag of the chart status allows editing this kind. */
  editFlag: 'titles' | 'categories';
  /** The form path of the code (`title`, `category`) and its input. */
  codePath: keyof V & string;
  codeInput: (field: ChartItemFieldProps) => ReactNode;
  /** Heading of a new item, and of an existing one from its values. */
  newHeading: string;
  heading: (values: Partial<V>) => string;
}

/**
 * The editor of one title or category of the chart (area and year): part, the kind's code field,
 * descriptions in both languages. The caller loads the item and names its API, code and texts
 * (like ChartItemList for the lists).
 */
export function ChartItemEditor<E, V extends ChartItemValues, Out>(props: ChartItemEditorProps<E, V, Out>) {
  const { i18n } = useLingui();
  const chart = useChartScope();
  const deptId = chart.department.id;
  const { client } = props;
  const editor = useEntityEditor({
    id: props.id,
    loaded: props.loaded,
    toValues: props.toValues,
    schema: props.schema,
    labels: props.labels,
    save: (input, itemId) =>
      itemId === null
        ? client.create.mutate({ ...input, departmentId: deptId, year: chart.year, area: chart.area })
        : client.update.mutate({ ...input, id: itemId, departmentId: deptId }),
    remove: (itemId) => client.delete.mutate({ id: itemId, departmentId: deptId }),
    invalidate: () => queryClient.invalidateQueries({ ...trpc.chart.pathFilter(), refetchType: 'all' }),
  });
  const field = useFieldProps(editor.form, props.labels);
  const v = editor.form.values as Partial<V>;
  const readOnly = !chart.status?.canEdit[props.editFlag];

  return (
    <EditorShell
      title={editor.isNew ? props.newHeading : props.heading(v)}
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
              <PartControl
                fullWidth
                testId="part"
                disabled={readOnly}
                value={v.part ?? 1}
                onChange={(part) => editor.form.setFieldValue('part', part as never)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 2 }}>{props.codeInput(field(props.codePath))}</Grid.Col>
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
