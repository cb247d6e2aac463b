import { FirstSetupInput } from '@app/domain';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { type FieldLabels, problemText, saveErrorText } from '../../ui/fieldMessages.ts';
import { formErrors } from '../../ui/formErrors.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useFieldProps } from '../../ui/useFieldProps.ts';
import { departmentNameLabels } from './departments.ts';

const labels: FieldLabels = {
  ...departmentNameLabels,
  year: msg`Erstes Haushaltsjahr`,
};

interface Values {
  name1Deu: string;
  name2Deu: string;
  name1Ita: string;
  name2Ita: string;
  year: string;
}

function toInput(values: Values) {
  return { ...values, year: /^\d{4}$/.test(values.year.trim()) ? Number(values.year.trim()) : Number.NaN };
}

/**
 * The first screen of an empty installation for its Supervisor: the union (code 000) and the first
 * financial year; then the union's departments screen takes over (districts and brigades).
 */
export function FirstSetup() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name1Deu: 'Landesfeuerwehrverband',
      name2Deu: 'Südtirol',
      name1Ita: 'Unione provinciale dei Corpi VV.F.',
      name2Ita: 'Alto Adige',
      year: String(new Date().getFullYear()),
    },
    validate: (values) => formErrors(FirstSetupInput, toInput(values), (problem, path) => problemText(i18n, problem, path)),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form, labels);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.validate().hasErrors) return;
    const input = toInput(form.getValues());
    setBusy(true);
    try {
      const result = await trpcClient.system.setup.mutate(input);
      await queryClient.invalidateQueries(trpc.scope.pathFilter());
      notifySuccess(t`Der Landesverband und das Haushaltsjahr ${result.year} sind angelegt.`);
      await navigate({ href: `/dept/${result.code}/year/${result.year}/departments/edit` });
    } catch (error) {
      notifyError(saveErrorText(i18n, error, labels).text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="sm" p="lg" maw={760} component="form" onSubmit={onSubmit} noValidate data-testid="first-setup">
      <Stack gap="sm">
        <Title order={2}>
          <Trans>Ersteinrichtung</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            Die Datenbank ist noch leer. Zuerst den Landesverband (Code 000) und das erste Haushaltsjahr anlegen; danach unter Stammdaten die Bezirke und
            Feuerwehren, die Benutzer und den Kontenplan erfassen.
          </Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput size="sm" maxLength={40} {...field('name1Deu')} />
          <TextInput size="sm" maxLength={40} {...field('name1Ita')} />
          <TextInput size="sm" maxLength={40} {...field('name2Deu')} />
          <TextInput size="sm" maxLength={40} {...field('name2Ita')} />
        </SimpleGrid>
        <Group gap="sm" align="flex-end">
          <TextInput
            size="sm"
            w={160}
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            {...field('year')}
            styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          />
          <Button type="submit" loading={busy} data-testid="first-setup-save">
            <Trans>Landesverband anlegen</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
