/**
 * What the app proposes for one line of a bank statement (issue 28), as a cashier reads it: the order to
 * register, the instalment paid, the return, or the new revenue or expense with its chapter (chosen here when
 * neither the supplier nor a rule names one). A line with alternatives offers them in a choice.
 */
import { formatChapter, formatDate, type StatementEntry, type StatementProposal } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type ChapterChoice, ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { chosenProposal, draftChapter, type LineChoice } from './decisions.ts';

export function useProposalText() {
  const { t } = useLingui();
  return (p: StatementProposal): string => {
    switch (p.kind) {
      case 'registerOrder':
        return p.instalments.length === 1
          ? t`Zahlungsauftrag Nr. ${p.orderNumber} registrieren: 1 Zahlung, bezahlt am ${formatDate(p.datePaid)}`
          : t`Zahlungsauftrag Nr. ${p.orderNumber} registrieren: ${p.instalments.length} Zahlungen, bezahlt am ${formatDate(p.datePaid)}`;
      case 'returnPayment':
        return t`Rückweisung zum Zahlungsauftrag Nr. ${p.orderNumber}: die Zahlung ist wieder offen (${formatDate(p.returnedOn)})`;
      case 'settleInstalment': {
        const bill = p.instalment.documentNumber || String(p.instalment.recordNumber);
        return t`Offene Zahlung der Ausgabe Nr. ${p.instalment.recordNumber} (${bill}, ${p.instalment.supplierName}) bezahlt am ${formatDate(p.datePaid)}`;
      }
      case 'movement':
        return p.draft.kind === 'revenues' ? t`Neue Einnahme` : t`Neue Ausgabe (bezahlt)`;
      case 'alreadyBooked':
        return t`Bereits verbucht`;
      case 'none':
        return t`Kein Vorschlag`;
    }
  };
}

export function ProposalCell({
  entry,
  choice,
  scope,
  onChange,
}: {
  entry: StatementEntry;
  choice: LineChoice;
  scope: { departmentId: number; year: number };
  onChange: (patch: Partial<LineChoice>) => void;
}) {
  const { t } = useLingui();
  const text = useProposalText();
  const [picked, setPicked] = useState<ChapterChoice | null>(null);
  const proposal = chosenProposal(entry, choice);
  const options = [entry.proposal, ...entry.alternatives];
  const chapter = draftChapter(proposal, choice);
  const matched =
    proposal.kind === 'registerOrder'
      ? proposal.matchedBy === 'endToEndId'
        ? t`erkannt an der EndToEndId`
        : t`erkannt an der MsgId des Auftrags`
      : proposal.kind === 'settleInstalment'
        ? proposal.matchedBy.map((m) => (m === 'amount' ? t`Betrag` : m === 'iban' ? t`IBAN des Lieferanten` : t`Belegnummer im Verwendungszweck`)).join(', ')
        : proposal.kind === 'movement'
          ? proposal.chapterFrom === 'rule'
            ? t`Kapitel aus einer Zuordnungsregel`
            : proposal.chapterFrom === 'supplier'
              ? t`Kapitel vom Lieferanten`
              : ''
          : '';
  return (
    <Stack gap={2} data-testid="statement-proposal" data-kind={proposal.kind}>
      {options.length > 1 ? (
        <Select
          size="xs"
          allowDeselect={false}
          data={options.map((o, i) => ({ value: String(i), label: text(o) }))}
          value={String(choice.alternative === null ? 0 : choice.alternative + 1)}
          onChange={(v) => onChange({ alternative: v === null || v === '0' ? null : Number(v) - 1, take: true })}
          data-testid="statement-alternative"
          aria-label={t`Vorschlag`}
        />
      ) : (
        <Text size="sm" c={proposal.kind === 'alreadyBooked' || proposal.kind === 'none' ? 'dimmed' : undefined}>
          {text(proposal)}
        </Text>
      )}
      {proposal.kind === 'movement' ? (
        <Group gap={6} wrap="nowrap">
          <ChapterCodeInput
            departmentId={scope.departmentId}
            year={scope.year}
            part={proposal.draft.kind === 'revenues' ? 1 : 2}
            value={picked}
            onChange={(c) => {
              setPicked(c);
              onChange({ chapter: c?.chapter ?? '', take: c !== null || choice.take });
            }}
            withDescription={false}
            w={110}
            name={`chapter-${entry.index}`}
          />
          {picked ? null : (
            <Text size="xs" c={chapter ? undefined : 'red'} data-testid="statement-chapter">
              {chapter ? formatChapter(chapter) : t`Kapitel wählen`}
            </Text>
          )}
        </Group>
      ) : null}
      {proposal.kind === 'none' && proposal.reason ? (
        <Text size="xs" c="dimmed">
          {proposal.reason}
        </Text>
      ) : null}
      {matched ? (
        <Badge size="xs" variant="light" color="gray" style={{ alignSelf: 'flex-start', textTransform: 'none' }}>
          {matched}
        </Badge>
      ) : null}
    </Stack>
  );
}
