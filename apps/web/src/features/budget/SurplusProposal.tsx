/**
 * The presumed surplus proposed from the previous year's approved final account (issue 25 item 10;
 * finalBalance.previousSurplus `proposal`): shown as such, with its terms — the cash at 31.12, the
 * receivables (active residues) and the payables (passive residues) — and the final surplus they give;
 * "Übernehmen" copies the terms into the surplus fields, which stay editable as before.
 */
import type { PreviousFinalSurplus, SurplusTerms } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDate } from '../../ui/date.ts';
import { FigureLine } from './BudgetParts.tsx';

const TERM_KEYS = ['cashBalance', 'revenuesActual', 'revenuesResidue', 'expensesActual', 'expensesResidue'] as const;

/** The fields hold the proposal's terms (taken, or typed alike). */
export function holdsProposal(values: SurplusTerms, proposal: SurplusTerms): boolean {
  return TERM_KEYS.every((k) => values[k] === proposal[k]);
}

export function SurplusProposal({
  previous,
  values,
  onTake,
}: {
  previous: PreviousFinalSurplus & { proposal: SurplusTerms; approval: string };
  values: SurplusTerms;
  onTake: (terms: SurplusTerms) => void;
}) {
  const { t } = useLingui();
  const p = previous.proposal;
  const y = previous.year;
  const approved = formatDate(previous.approval);
  const taken = holdsProposal(values, p);
  return (
    <Paper withBorder radius="sm" p="md" data-testid="surplus-proposal" data-taken={taken ? 'yes' : 'no'}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1 }}>
            <Text fw={600}>{t`Aus dem genehmigten Rechnungsabschluss ${y}`}</Text>
            <Text size="xs" c="dimmed">
              {t`Genehmigt am ${approved}: Kassastand am 31.12.${y} zuzüglich der Forderungen und abzüglich der Verbindlichkeiten (Rückstände).`}
            </Text>
          </div>
          {taken ? (
            <Badge color="green" variant="light" style={{ flexShrink: 0 }} data-testid="surplus-proposal-taken">
              {t`übernommen`}
            </Badge>
          ) : (
            <Button size="xs" variant="light" style={{ flexShrink: 0 }} onClick={() => onTake(p)} data-testid="surplus-proposal-take">
              {t`Werte übernehmen`}
            </Button>
          )}
        </Group>
        <Stack gap={2} maw={460}>
          <FigureLine label={t`Kassastand am 31.12.${y}`} cents={p.cashBalance} testId="surplus-proposal-cash" />
          <FigureLine label={t`Forderungen (aktive Rückstände)`} cents={p.revenuesActual + p.revenuesResidue} testId="surplus-proposal-receivables" />
          <FigureLine label={t`Verbindlichkeiten (passive Rückstände)`} cents={p.expensesActual + p.expensesResidue} testId="surplus-proposal-payables" />
          <FigureLine label={t`Verwaltungsergebnis ${y}`} cents={previous.finalSurplus ?? 0} strong testId="surplus-proposal-total" />
        </Stack>
      </Stack>
    </Paper>
  );
}
