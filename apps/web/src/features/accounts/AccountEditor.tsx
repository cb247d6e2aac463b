import { AccountInput, AccountType, formatAmount } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Grid, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { EditorShell, FormSection, monoInput } from '../../ui/EditorShell.tsx';
import type { EditorId } from '../../ui/listState.ts';
import { pickLoaded, useEntityEditor } from '../../ui/useEntityEditor.ts';
import { useFieldProps } from '../../ui/useFieldProps.ts';
import { IbanInput } from '../../ui/IbanInput.tsx';
import { TextCol } from '../../ui/TextCol.tsx';
import { balancesQuery } from '../cash/queries.ts';
import { invalidateCash } from '../cashBalance/cashBalance.ts';
import { useScope } from '../scope/useScope.ts';
import { accountLabels, accountTypeLabels } from './labels.ts';

/** One account: code, descriptions, type, notes; bank data for bank and post accounts; inactive only when allowed. */
export function AccountEditor({ id }: { id: EditorId }) {
  const { t, i18n } = useLingui();
  const { department, year } = useScope();
  const existing = useQuery({ ...trpc.accounts.get.queryOptions({ id: id === 'new' ? 0 : id, departmentId: department.id, year }), enabled: id !== 'new' });
  const template = useQuery({ ...trpc.accounts.template.queryOptions({ departmentId: department.id }), enabled: id === 'new' });
  const editor = useEntityEditor({
    id,
    loaded: pickLoaded(id, existing, template),
    toValues: ({ id: _id, departmentId: _d, canInactivate: _c, ...fields }) => fields,
    schema: AccountInput,
    labels: accountLabels,
    save: (input, accountId) =>
      accountId === null
        ? trpcClient.accounts.create.mutate({ ...input, departmentId: department.id, year })
        : trpcClient.accounts.update.mutate({ ...input, id: accountId, departmentId: department.id, year }),
    remove: (accountId) => trpcClient.accounts.delete.mutate({ id: accountId, departmentId: department.id }),
    // the accounts, their balances and the transfer form's active accounts
    invalidate: invalidateCash,
  });
  // why the inactive box is disabled: the balance at the end of the scope year (canInactivate: it is zero)
  const balances = useQuery({ ...balancesQuery({ department, year }), enabled: id !== 'new', retry: false });
  const balance = balances.data?.accounts.find((a) => a.accountId === id)?.finalBalance;
  const field = useFieldProps(editor.form, accountLabels);
  const v = editor.form.values;
  const canInactivate = editor.entity?.canInactivate ?? false;
  const withBank = v.type === AccountType.Bank || v.type === AccountType.Post;

  return (
    <EditorShell
      title={editor.isNew ? t`Neues Konto` : t`Konto ${String(v.code ?? '')}`}
      subtitle={editor.isNew ? undefined : i18n.locale === 'it' ? v.descriptionIta : v.descriptionDeu}
      editor={editor}
      maw={900}
    >
      <FormSection>
        <Grid gap="xs" align="flex-end">
          <TextCol span={{ base: 4, sm: 2 }} {...field('code')} withAsterisk maxLength={6} styles={monoInput} />
          <Grid.Col span={{ base: 8, sm: 5 }}>
            <Stack gap={3}>
              <Text size="sm" fw={500}>
                {t`Kontoart`}
              </Text>
              <SegmentedControl
                size="sm"
                data-testid="account-type"
                value={String(v.type ?? AccountType.Cash)}
                onChange={(value) => editor.form.setFieldValue('type', Number(value) as AccountType)}
                data={([1, 2, 3] as const).map((type) => ({ value: String(type), label: i18n._(accountTypeLabels[type]) }))}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }} pb={8}>
            <Checkbox
              size="sm"
              {...field('inactive', 'checkbox')}
              disabled={!canInactivate}
              description={
                canInactivate || editor.isNew
                  ? undefined
                  : balance !== undefined
                    ? t`Endbestand ${year}: ${formatAmount(balance)}. Deaktivieren erst bei 0,00 €.`
                    : t`Das Konto hat noch einen Saldo und kann erst deaktiviert werden, wenn der Saldo null ist.`
              }
              data-testid="account-inactive"
            />
          </Grid.Col>
          <TextCol span={{ base: 12, sm: 6 }} {...field('descriptionDeu')} withAsterisk />
          <TextCol span={{ base: 12, sm: 6 }} {...field('descriptionIta')} withAsterisk />
          <Grid.Col span={12}>
            <Textarea size="sm" {...field('notes')} autosize minRows={2} maxRows={5} />
          </Grid.Col>
        </Grid>
      </FormSection>
      {withBank ? (
        <FormSection title={t`Bankverbindung`} testId="account-bank">
          <Grid gap="xs">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <IbanInput {...field('bankInfo.iban')} />
            </Grid.Col>
            <TextCol span={{ base: 12, sm: 3 }} {...field('bankInfo.swift')} styles={monoInput} />
            <TextCol span={{ base: 12, sm: 12 }} {...field('bankInfo.bankName')} />
          </Grid>
        </FormSection>
      ) : null}
    </EditorShell>
  );
}
