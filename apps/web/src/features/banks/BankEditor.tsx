import { BankInput } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Grid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { DateInput } from '../../ui/DateInput.tsx';
import { EditorShell, FormSection, monoInput } from '../../ui/EditorShell.tsx';
import type { EditorId } from '../../ui/listState.ts';
import { pickLoaded, useEntityEditor } from '../../ui/useEntityEditor.ts';
import { useFieldProps } from '../../ui/useFieldProps.ts';
import { IbanInput } from '../../ui/IbanInput.tsx';
import { TextCol } from '../../ui/TextCol.tsx';
import { useScope } from '../scope/useScope.ts';
import { bankLabels } from './labels.ts';
import { useCanEditBanks } from './permissions.ts';

/** One bank of the directory; read-only without the bankImport permission. */
export function BankEditor({ id }: { id: EditorId }) {
  const { t } = useLingui();
  const { department } = useScope();
  const canEdit = useCanEditBanks();
  const existing = useQuery({ ...trpc.banks.get.queryOptions({ id: id === 'new' ? 0 : id }), enabled: id !== 'new' });
  const template = useQuery({ ...trpc.banks.template.queryOptions(), enabled: id === 'new' });
  const loaded = pickLoaded(id, existing, template);
  const editor = useEntityEditor({
    id,
    loaded,
    toValues: ({ id: _id, ...bank }) => bank,
    schema: BankInput,
    labels: bankLabels,
    save: (input, bankId) =>
      bankId === null
        ? trpcClient.banks.create.mutate({ ...input, departmentId: department.id })
        : trpcClient.banks.update.mutate({ ...input, id: bankId, departmentId: department.id }),
    remove: canEdit ? (bankId) => trpcClient.banks.delete.mutate({ id: bankId, departmentId: department.id }) : undefined,
    invalidate: () => queryClient.invalidateQueries({ ...trpc.banks.pathFilter(), refetchType: 'all' }),
  });
  const field = useFieldProps(editor.form, bankLabels);
  const v = editor.form.values;
  const title = editor.isNew ? t`Neue Bank` : t`Bank ${v.key ?? ''}`;

  return (
    <EditorShell
      title={title}
      subtitle={editor.isNew ? undefined : [v.name1, v.name2].filter(Boolean).join(' – ')}
      editor={editor}
      readOnly={!canEdit}
      maw={900}
    >
      <FormSection title={t`Bank`}>
        <Grid gap="xs">
          {v.isForeign ? (
            <TextCol span={{ base: 6, sm: 3 }} {...field('key')} readOnly={!canEdit} withAsterisk />
          ) : (
            <>
              <TextCol span={{ base: 6, sm: 2 }} {...field('abi')} readOnly={!canEdit} withAsterisk maxLength={5} inputMode="numeric" />
              <TextCol span={{ base: 6, sm: 2 }} {...field('cab')} readOnly={!canEdit} withAsterisk maxLength={5} inputMode="numeric" />
            </>
          )}
          <Grid.Col span={{ base: 12, sm: v.isForeign ? 9 : 8 }} style={{ display: 'flex', alignItems: 'flex-end', gap: 16, paddingBottom: 10 }}>
            <Checkbox size="sm" {...field('isForeign', 'checkbox')} disabled={!canEdit} />
            <Checkbox size="sm" {...field('autoUpdate', 'checkbox')} disabled={!canEdit} />
          </Grid.Col>
          <TextCol span={{ base: 12, sm: 6 }} {...field('name1')} readOnly={!canEdit} withAsterisk />
          <TextCol span={{ base: 12, sm: 6 }} {...field('name2')} readOnly={!canEdit} />
          <TextCol span={{ base: 12, sm: 6 }} {...field('street')} readOnly={!canEdit} />
          <TextCol span={{ base: 4, sm: 2 }} {...field('postalCode')} readOnly={!canEdit} />
          <TextCol span={{ base: 8, sm: 4 }} {...field('location')} readOnly={!canEdit} />
          <TextCol span={{ base: 6, sm: 2 }} {...field('province')} readOnly={!canEdit} maxLength={2} />
          <TextCol span={{ base: 6, sm: 2 }} {...field('country')} readOnly={!canEdit} maxLength={3} />
        </Grid>
      </FormSection>
      <FormSection title={t`Bankverbindung`}>
        <Grid gap="xs">
          <TextCol span={{ base: 6, sm: 3 }} {...field('routingCode')} readOnly={!canEdit} />
          <TextCol span={{ base: 6, sm: 3 }} {...field('uicCode')} readOnly={!canEdit} />
          <TextCol span={{ base: 6, sm: 3 }} {...field('swift')} readOnly={!canEdit} styles={monoInput} />
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <DateInput
              size="sm"
              label={t`Ungültig ab`}
              name="invalidFrom"
              readOnly={!canEdit}
              value={(v.invalidFrom as string | null) ?? null}
              onChange={(iso) => editor.form.setFieldValue('invalidFrom', iso)}
              error={editor.form.errors['invalidFrom']}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <IbanInput {...field('iban')} readOnly={!canEdit} />
          </Grid.Col>
        </Grid>
      </FormSection>
    </EditorShell>
  );
}
