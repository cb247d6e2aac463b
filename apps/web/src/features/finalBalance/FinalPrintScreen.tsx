import type { Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { PartControl } from '../../ui/PartControl.tsx';
import { emptyRange, RangeFields, type RangeValues, rangeInvalid } from '../budget/PrintFields.tsx';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { CriteriaList } from './CriteriaList.tsx';
import { useFinalPrints } from './prints.ts';
import { finalReportInput } from './printInput.ts';
import { finalBalanceQuery } from './queries.ts';

const pdf = [{ value: 'pdf', label: 'PDF', kind: 'pdf' as const }];

/** Final report print (budget/final/print), behind the menu's rules. */
export function FinalPrintScreen() {
  return (
    <MenuScreenGate path="budget/final/print">
      <FinalPrintForm />
    </MenuScreenGate>
  );
}

/** A checkbox with the fields it opens below it. */
function Section({
  label,
  checked,
  onChange,
  testId,
  children,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Checkbox label={label} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} data-testid={testId} />
      {checked && children ? (
        <Paper withBorder radius="sm" p="sm" ml={30}>
          {children}
        </Paper>
      ) : null}
    </Stack>
  );
}

/**
 * The final report (spec 3 §2 Final account, export): cover page, current management (part, title
 * range, chapter range), residues (part), summary, protocol → the landscape PDF. The form is shown
 * only when every criterion passes; otherwise the criteria say what is missing.
 */
function FinalPrintForm() {
  const { t } = useLingui();
  const { department, year } = useScope();
  const { data } = useSuspenseQuery(finalBalanceQuery({ department, year }));
  const prints = useFinalPrints();
  const [cover, setCover] = useState(true);
  const [currentManagement, setCurrentManagement] = useState(true);
  const [range, setRange] = useState<RangeValues>(emptyRange);
  const [residues, setResidues] = useState(true);
  const [residuesPart, setResiduesPart] = useState<Part | null>(null);
  const [summary, setSummary] = useState(true);
  const [protocol, setProtocol] = useState(true);
  const title = t`Rechnungsabschluss ${year} drucken`;

  if (!data.allPassed)
    return (
      <Stack gap="sm" maw={760}>
        <Title order={2} data-testid="screen-title">
          {title}
        </Title>
        <Alert color="yellow" variant="light" data-testid="final-print-blocked">
          {t`Der Rechnungsabschluss kann erst gedruckt werden, wenn alle Kriterien erfüllt sind.`}
        </Alert>
        <Paper withBorder radius="sm" p="sm">
          <CriteriaList balance={data} />
        </Paper>
      </Stack>
    );

  const invalid = rangeInvalid(range);
  const nothing = !cover && !currentManagement && !residues && !summary && !protocol;
  const input = finalReportInput({ departmentId: department.id, year }, { currentManagement, range, residues, residuesPart, summary, protocol });
  return (
    <ExportForm title={title} formats={pdf} build={() => prints.finalReport(input, cover)} invalid={invalid.title || invalid.chapter || nothing}>
      <Stack gap="sm" data-testid="final-print-form">
        <Checkbox label={t`Deckblatt`} checked={cover} onChange={(e) => setCover(e.currentTarget.checked)} data-testid="final-print-cover" />
        <Section
          label={t`Laufende Verwaltung: Einnahmen und Ausgaben`}
          checked={currentManagement}
          onChange={setCurrentManagement}
          testId="final-print-current"
        >
          <RangeFields departmentId={department.id} year={year} values={range} onChange={setRange} />
        </Section>
        <Section label={t`Rückstände`} checked={residues} onChange={setResidues} testId="final-print-residues">
          <PartControl withAll value={residuesPart} onChange={setResiduesPart} testId="final-print-residues-part" />
        </Section>
        <Checkbox label={t`Zusammenfassung`} checked={summary} onChange={(e) => setSummary(e.currentTarget.checked)} data-testid="final-print-summary" />
        <Checkbox
          label={t`Protokoll (Kassenbestand je Konto)`}
          checked={protocol}
          onChange={(e) => setProtocol(e.currentTarget.checked)}
          data-testid="final-print-protocol"
        />
        {nothing ? (
          <Text size="sm" c="red">
            {t`Bitte mindestens einen Teil wählen.`}
          </Text>
        ) : null}
      </Stack>
    </ExportForm>
  );
}
