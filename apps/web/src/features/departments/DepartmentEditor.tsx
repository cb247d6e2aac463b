import { AccessLevel, Area, DepartmentInput, departmentName } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Grid, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { EditorShell, FormSection, monoInput } from '../../ui/EditorShell.tsx';
import type { EditorId } from '../../ui/listState.ts';
import { pickLoaded, useEntityEditor } from '../../ui/useEntityEditor.ts';
import { useFieldProps } from '../../ui/useFieldProps.ts';
import { TextCol } from '../../ui/TextCol.tsx';
import { useRequiredAuth } from '../../lib/session.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { departmentLabels } from './labels.ts';

const contacts = ['commander', 'viceCommander', 'cashier'] as const;

/**
 * One department: German and Italian address blocks side by side, contacts, the three contact
 * persons and homebanking. New departments start from the server's template.
 */
export function DepartmentEditor({ id }: { id: EditorId }) {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department: scopeDepartment } = useScope();
  const existing = useQuery({ ...trpc.departments.get.queryOptions({ id: id === 'new' ? 0 : id, departmentId: scopeDepartment.id }), enabled: id !== 'new' });
  const template = useQuery({ ...trpc.departments.template.queryOptions(), enabled: id === 'new' });
  const editor = useEntityEditor({
    id,
    loaded: pickLoaded(id, existing, template),
    toValues: ({ id: _id, area: _area, ...fields }) => fields,
    schema: DepartmentInput,
    labels: departmentLabels,
    save: (input, departmentId) =>
      departmentId === null
        ? trpcClient.departments.create.mutate({ ...input, departmentId: scopeDepartment.id })
        : trpcClient.departments.update.mutate({ ...input, id: departmentId, departmentId: scopeDepartment.id }),
    remove: (departmentId) => trpcClient.departments.delete.mutate({ id: departmentId, departmentId: scopeDepartment.id }),
    // the scope list (department picker) shows new and renamed departments too
    invalidate: () =>
      Promise.all([
        queryClient.invalidateQueries({ ...trpc.departments.pathFilter(), refetchType: 'all' }),
        queryClient.invalidateQueries({ ...trpc.scope.pathFilter(), refetchType: 'all' }),
      ]),
  });
  const field = useFieldProps(editor.form, departmentLabels);
  const v = editor.form.values;
  // spec 2 §5/§6: the code is fixed once saved, unless the user is a supervisor or a union administrator
  const privileged = auth.accessLevel === AccessLevel.Supervisor || (auth.accessLevel === AccessLevel.Administrator && scopeDepartment.area === Area.Union);
  const codeLocked = !editor.isNew && !privileged;
  const name = editor.ready ? departmentName(v as Parameters<typeof departmentName>[0], uiLanguage(i18n.locale)) : '';

  const languageBlock = (suffix: 'Deu' | 'Ita', heading: string) => (
    <FormSection title={heading} testId={`address-${suffix}`}>
      <Grid gap="xs">
        <Grid.Col span={12}>
          <TextInput size="sm" {...field(`name1${suffix}`)} withAsterisk />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput size="sm" {...field(`name2${suffix}`)} withAsterisk />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput size="sm" {...field(`street${suffix}`)} />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput size="sm" {...field(`location${suffix}`)} />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput size="sm" {...field(`municipality${suffix}`)} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );

  return (
    <EditorShell title={editor.isNew ? t`Neue Feuerwehr` : t`Feuerwehr ${String(v.code ?? '')}`} subtitle={editor.isNew ? undefined : name} editor={editor}>
      <FormSection>
        <Grid gap="xs">
          <TextCol span={{ base: 4, sm: 2 }} {...field('code')} withAsterisk disabled={codeLocked} maxLength={3} styles={monoInput} />
          <TextCol span={{ base: 8, sm: 3 }} {...field('identifier')} maxLength={14} inputMode="numeric" styles={monoInput} />
          <TextCol span={{ base: 6, sm: 3 }} {...field('taxCode')} styles={monoInput} />
          <TextCol span={{ base: 6, sm: 2 }} {...field('registration')} />
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <NumberInput
              size="sm"
              label={t`Erstes Haushaltsjahr`}
              name="firstYear"
              hideControls
              allowDecimal={false}
              thousandSeparator={false}
              value={(v.firstYear as number | null) ?? ''}
              onChange={(value) => editor.form.setFieldValue('firstYear', value === '' ? null : Number(value))}
              error={editor.form.errors['firstYear']}
            />
          </Grid.Col>
        </Grid>
      </FormSection>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {languageBlock('Deu', t`Deutsch`)}
        {languageBlock('Ita', t`Italienisch`)}
      </SimpleGrid>
      <FormSection title={t`Anschrift und Kontakt`}>
        <Grid gap="xs">
          <TextCol span={{ base: 4, sm: 2 }} {...field('postalCode')} />
          <TextCol span={{ base: 4, sm: 1 }} {...field('province')} maxLength={2} />
          <TextCol span={{ base: 4, sm: 1 }} {...field('country')} maxLength={3} />
          <TextCol span={{ base: 6, sm: 2 }} {...field('landlinePhone')} />
          <TextCol span={{ base: 6, sm: 2 }} {...field('mobilePhone')} />
          <TextCol span={{ base: 6, sm: 1 }} {...field('fax')} />
          <TextCol span={{ base: 6, sm: 3 }} {...field('email')} />
        </Grid>
      </FormSection>
      <FormSection title={t`Ansprechpersonen`} testId="contacts">
        <Grid gap={6} align="center">
          <Grid.Col span={3} />
          <Grid.Col span={3}>
            <Text size="xs" fw={600}>
              <Trans>Name</Trans>
            </Text>
          </Grid.Col>
          <Grid.Col span={2}>
            <Text size="xs" fw={600}>
              <Trans>Telefon</Trans>
            </Text>
          </Grid.Col>
          <Grid.Col span={2}>
            <Text size="xs" fw={600}>
              <Trans>Mobiltelefon</Trans>
            </Text>
          </Grid.Col>
          <Grid.Col span={2}>
            <Text size="xs" fw={600}>
              <Trans>E-Mail</Trans>
            </Text>
          </Grid.Col>
          {contacts.map((c) => {
            const rowLabel = i18n._(departmentLabels[c] ?? departmentLabels['commander']!);
            const cell = (part: 'name' | 'landline' | 'mobile' | 'email', span: number) => {
              const { label, ...props } = field(`${c}.${part}`);
              return (
                <Grid.Col span={span} key={part}>
                  <TextInput size="sm" aria-label={label} {...props} />
                </Grid.Col>
              );
            };
            return [
              <Grid.Col span={3} key={`${c}-label`}>
                <Text size="sm" fw={500} truncate>
                  {rowLabel}
                </Text>
              </Grid.Col>,
              cell('name', 3),
              cell('landline', 2),
              cell('mobile', 2),
              cell('email', 2),
            ];
          })}
        </Grid>
      </FormSection>
      <FormSection title={t`Homebanking`}>
        <Grid gap="xs" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 4 }} pb={10}>
            <Checkbox size="sm" {...field('openPaymentsAllowed', 'checkbox')} />
          </Grid.Col>
          <TextCol
            span={{ base: 6, sm: 3 }}
            {...field('siaNumber')}
            withAsterisk={Boolean(v.openPaymentsAllowed)}
            disabled={!v.openPaymentsAllowed}
            styles={monoInput}
          />
          <TextCol span={{ base: 6, sm: 5 }} {...field('homebankingFile')} placeholder="homebanking" />
          <TextCol span={{ base: 6, sm: 3 }} {...field('cbiCuc')} disabled={!v.openPaymentsAllowed} styles={monoInput} />
        </Grid>
      </FormSection>
    </EditorShell>
  );
}
