import { useLingui } from '@lingui/react/macro';
import { Alert, Checkbox, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { useFinalPrints } from './prints.ts';
import { finalBalanceQuery } from './queries.ts';

const pdf = [{ value: 'pdf', label: 'PDF', kind: 'pdf' as const }];

/** ETS report print (budget/final/printETS), behind the menu's rules. */
export function EtsPrintScreen() {
  return (
    <MenuScreenGate path="budget/final/printETS">
      <EtsPrintForm />
    </MenuScreenGate>
  );
}

/**
 * The year-end cash report of the third sector (Modello D, spec 3 §2): receipts and payments by ETS
 * category for this and the previous year, with an optional cover page. While the final account is
 * not approved the figures are provisional (said above the form).
 */
function EtsPrintForm() {
  const { t } = useLingui();
  const { department, year } = useScope();
  const { data } = useSuspenseQuery(finalBalanceQuery({ department, year }));
  const prints = useFinalPrints();
  const [cover, setCover] = useState(true);
  return (
    <ExportForm title={t`Rechnungsabschluss ETS ${year} drucken`} formats={pdf} build={() => prints.etsReport(cover)}>
      <Text size="sm" c="dimmed">
        {t`Kassenrechnung für Körperschaften des Dritten Sektors (Modell D): Einnahmen und Ausgaben nach ETS-Kategorien, laufendes Jahr und Vorjahr.`}
      </Text>
      {data.approval === null ? (
        <Alert color="blue" variant="light" py={6} data-testid="ets-not-approved">
          {t`Der Rechnungsabschluss ${year} ist noch nicht genehmigt: die Zahlen sind vorläufig.`}
        </Alert>
      ) : null}
      <Checkbox label={t`Deckblatt`} checked={cover} onChange={(e) => setCover(e.currentTarget.checked)} data-testid="ets-print-cover" />
    </ExportForm>
  );
}
