import { ABI_CAB, isValidIban, normalizeIban, type Supplier, SupplierInput } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Grid, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { EditorShell, FormSection, monoInput } from '../../ui/EditorShell.tsx';
import type { EditorId } from '../../ui/listState.ts';
import { pickLoaded, useEntityEditor } from '../../ui/useEntityEditor.ts';
import { useFieldProps } from '../../ui/useFieldProps.ts';
import { IbanInput } from '../../ui/IbanInput.tsx';
import { TextCol } from '../../ui/TextCol.tsx';
import { useScope } from '../scope/useScope.ts';
import { computeIban, ibanParts, joinBankKey, splitBankKey } from './bankInfo.ts';
import { supplierLabels } from './labels.ts';

type SupplierValues = Omit<Supplier, 'id' | 'departmentId' | 'code' | 'paymentTerm'> & {
  code: number | '';
  paymentTerm: number | '';
  abi: string;
  cab: string;
};

function toValues(s: Omit<Supplier, 'id'> & { id: number | null }): SupplierValues {
  const { id: _id, departmentId: _d, ...fields } = s;
  return { ...fields, ...splitBankKey(s.bankInfo.bankKey) };
}

function toInput({ abi, cab, ...values }: SupplierValues) {
  return { ...values, bankInfo: { ...values.bankInfo, bankKey: joinBankKey(abi, cab) } };
}

/** One supplier of the department, with the bank block (ABI/CAB lookup, IBAN generation and check). */
export function SupplierEditor({ id }: { id: EditorId }) {
  const { t } = useLingui();
  const { department } = useScope();
  const existing = useQuery({ ...trpc.suppliers.get.queryOptions({ id: id === 'new' ? 0 : id, departmentId: department.id }), enabled: id !== 'new' });
  const template = useQuery({ ...trpc.suppliers.template.queryOptions({ departmentId: department.id }), enabled: id === 'new' });
  const [bankLookup, setBankLookup] = useState<'found' | 'missing' | null>(null);
  const editor = useEntityEditor({
    id,
    loaded: pickLoaded(id, existing, template),
    toValues,
    toInput,
    schema: SupplierInput,
    extraErrors: (values) => {
      const errors: Record<string, string> = {};
      if (values.abi.trim() !== '' && !ABI_CAB.test(values.abi.trim())) errors['abi'] = t`5 Ziffern`;
      if (values.cab.trim() !== '' && !ABI_CAB.test(values.cab.trim())) errors['cab'] = t`5 Ziffern`;
      return errors;
    },
    labels: supplierLabels,
    save: (input, supplierId) =>
      supplierId === null
        ? trpcClient.suppliers.create.mutate({ ...input, departmentId: department.id })
        : trpcClient.suppliers.update.mutate({ ...input, id: supplierId, departmentId: department.id }),
    remove: (supplierId) => trpcClient.suppliers.delete.mutate({ id: supplierId, departmentId: department.id }),
    invalidate: () => queryClient.invalidateQueries({ ...trpc.suppliers.pathFilter(), refetchType: 'all' }),
  });
  const { form } = editor;
  const field = useFieldProps(form, supplierLabels);
  const v = form.values;

  /** ABI and CAB complete: look the bank up in the directory and take its name and BIC. */
  async function lookupBank() {
    const { abi, cab } = form.getValues();
    if (!ABI_CAB.test(abi.trim()) || !ABI_CAB.test(cab.trim())) {
      setBankLookup(null);
      return;
    }
    const bank = await queryClient.fetchQuery(trpc.banks.find.queryOptions({ key: `${abi.trim()}${cab.trim()}` }));
    if (!bank) {
      setBankLookup('missing');
      form.setFieldValue('bankInfo.bankId', null);
      return;
    }
    setBankLookup('found');
    const current = form.getValues().bankInfo;
    if (current.bankId === bank.id) return;
    form.setFieldValue('bankInfo.bankId', bank.id);
    form.setFieldValue('bankInfo.bankName', bank.name1.slice(0, 120));
    if (bank.swift) form.setFieldValue('bankInfo.swift', bank.swift);
  }

  function generateIban() {
    const { abi, cab, bankInfo } = form.getValues();
    const result = computeIban(abi, cab, bankInfo.accountNumber);
    if ('problems' in result) {
      for (const problem of result.problems) {
        form.setFieldError(
          problem === 'accountNumber' ? 'bankInfo.accountNumber' : problem,
          problem === 'accountNumber' && bankInfo.accountNumber.trim() === '' ? t`Dieses Feld ist erforderlich` : t`Ungültiger Wert`,
        );
      }
      return;
    }
    form.setFieldValue('bankInfo.cin', result.cin);
    form.setFieldValue('bankInfo.accountNumber', result.accountNumber);
    form.setFieldValue('bankInfo.iban', result.iban);
    form.clearFieldError('bankInfo.iban');
    form.clearFieldError('bankInfo.accountNumber');
  }

  /** A typed Italian IBAN fills ABI, CAB, CIN and account number. */
  function takeIbanParts() {
    const iban = normalizeIban(form.getValues().bankInfo.iban);
    if (iban === '' || !isValidIban(iban)) return;
    const parts = ibanParts(iban);
    if (!parts) return;
    const values = form.getValues();
    if (values.abi !== parts.abi) form.setFieldValue('abi', parts.abi);
    if (values.cab !== parts.cab) form.setFieldValue('cab', parts.cab);
    if (values.bankInfo.cin !== parts.cin) form.setFieldValue('bankInfo.cin', parts.cin);
    if (values.bankInfo.accountNumber !== parts.accountNumber) form.setFieldValue('bankInfo.accountNumber', parts.accountNumber);
    if (values.bankInfo.iban !== iban) form.setFieldValue('bankInfo.iban', iban);
    void lookupBank();
  }

  const numberField = (path: 'code' | 'paymentTerm') => {
    const props = field(path);
    return { ...props, hideControls: true, allowDecimal: false, allowNegative: false, thousandSeparator: false as const };
  };
  const abiProps = field('abi');
  const cabProps = field('cab');
  const ibanProps = field('bankInfo.iban');

  return (
    <EditorShell
      title={editor.isNew ? t`Neuer Lieferant` : t`Lieferant ${String(v.code ?? '')}`}
      subtitle={editor.isNew ? undefined : [v.searchKey, v.name1].filter(Boolean).join(' – ')}
      editor={editor}
    >
      <FormSection>
        <Grid gap="xs" align="flex-end">
          <Grid.Col span={{ base: 4, sm: 2 }}>
            <NumberInput size="sm" {...numberField('code')} withAsterisk styles={{ input: { textAlign: 'right' } }} />
          </Grid.Col>
          <TextCol span={{ base: 8, sm: 2 }} {...field('searchKey')} withAsterisk />
          <Grid.Col span={{ base: 4, sm: 2 }}>
            <Select
              size="sm"
              {...field('language')}
              allowDeselect={false}
              data={[
                { value: 'de', label: t`Deutsch` },
                { value: 'it', label: t`Italienisch` },
              ]}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 4, sm: 3 }}>
            <NumberInput size="sm" {...numberField('paymentTerm')} styles={{ input: { textAlign: 'right' } }} />
          </Grid.Col>
          <TextCol span={{ base: 4, sm: 2 }} {...field('chapterProposal')} maxLength={5} styles={monoInput} />
          <Grid.Col span={{ base: 12, sm: 1 }} pb={8}>
            <Checkbox size="sm" {...field('isInactive', 'checkbox')} />
          </Grid.Col>
        </Grid>
      </FormSection>
      <FormSection title={t`Anschrift`}>
        <Grid gap="xs">
          <TextCol span={{ base: 12, sm: 6 }} {...field('name1')} withAsterisk />
          <TextCol span={{ base: 12, sm: 6 }} {...field('name2')} />
          <TextCol span={{ base: 12, sm: 5 }} {...field('street')} />
          <TextCol span={{ base: 4, sm: 2 }} {...field('postalCode')} />
          <TextCol span={{ base: 8, sm: 3 }} {...field('location')} />
          <TextCol span={{ base: 4, sm: 1 }} {...field('province')} maxLength={2} />
          <TextCol span={{ base: 4, sm: 1 }} {...field('country')} maxLength={3} />
        </Grid>
      </FormSection>
      <FormSection title={t`Steuerdaten und Kontakt`}>
        <Grid gap="xs">
          <TextCol span={{ base: 6, sm: 3 }} {...field('vatCode')} styles={monoInput} />
          <TextCol span={{ base: 6, sm: 3 }} {...field('taxCode')} styles={monoInput} />
          <TextCol span={{ base: 4, sm: 1 }} {...field('isoCode')} maxLength={2} />
          <TextCol span={{ base: 8, sm: 5 }} {...field('contactPerson')} />
          <TextCol span={{ base: 6, sm: 3 }} {...field('landlinePhone')} />
          <TextCol span={{ base: 6, sm: 3 }} {...field('mobilePhone')} />
          <TextCol span={{ base: 6, sm: 2 }} {...field('fax')} />
          <TextCol span={{ base: 6, sm: 4 }} {...field('email')} />
          <TextCol span={{ base: 12, sm: 6 }} {...field('internet')} />
        </Grid>
      </FormSection>
      <FormSection title={t`Bankverbindung`} testId="bank-info">
        <Grid gap="xs" align="flex-start">
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <TextInput
              size="sm"
              {...abiProps}
              maxLength={5}
              inputMode="numeric"
              styles={monoInput}
              onBlur={() => {
                abiProps.onBlur?.();
                void lookupBank();
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <TextInput
              size="sm"
              {...cabProps}
              maxLength={5}
              inputMode="numeric"
              styles={monoInput}
              onBlur={() => {
                cabProps.onBlur?.();
                void lookupBank();
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              size="sm"
              {...field('bankInfo.bankName')}
              description={bankLookup === 'missing' ? t`ABI/CAB nicht im Bankenverzeichnis` : undefined}
              data-testid="supplier-bank-name"
            />
          </Grid.Col>
          <TextCol span={{ base: 6, sm: 3 }} {...field('bankInfo.swift')} styles={monoInput} />
          <TextCol span={{ base: 6, sm: 3 }} {...field('bankInfo.accountNumber')} styles={monoInput} />
          <TextCol span={{ base: 2, sm: 1 }} {...field('bankInfo.cin')} maxLength={1} styles={monoInput} />
          <Grid.Col span={{ base: 4, sm: 2 }}>
            <Text size="sm" fw={500} mb={3} style={{ visibility: 'hidden' }} aria-hidden>
              .
            </Text>
            <Button variant="outline" size="sm" fullWidth onClick={generateIban} data-testid="iban-generate" data-enter-stop>
              <Trans>IBAN berechnen</Trans>
            </Button>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <IbanInput
              {...ibanProps}
              onBlur={() => {
                ibanProps.onBlur?.();
                takeIbanParts();
              }}
            />
          </Grid.Col>
        </Grid>
      </FormSection>
    </EditorShell>
  );
}
