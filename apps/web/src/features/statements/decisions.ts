/**
 * The cashier's choices on an imported bank statement (issue 28), without React: for each line whether it is
 * taken, which of its proposals (the first, or an alternative), and for a drafted revenue or expense the chapter
 * chosen here. What is offered ticked: a registration, a return, a settled instalment, a drafted movement whose
 * chapter is known; never a line already booked or without proposal. `decisionsOf` turns the choices into what
 * `statements.confirm` takes (a line not taken is skipped; an edited draft is sent whole).
 */
import type { StatementDecision, StatementEntry, StatementImportResult, StatementProposal } from '@app/domain';

export interface LineChoice {
  take: boolean;
  /** null: the line's proposal; n: its alternative n. */
  alternative: number | null;
  /** A chapter code chosen here for a drafted movement ('' none). */
  chapter: string;
}

/** The proposal a choice stands for. */
export function chosenProposal(entry: StatementEntry, choice: LineChoice): StatementProposal {
  return choice.alternative === null ? entry.proposal : (entry.alternatives[choice.alternative] ?? entry.proposal);
}

/** The chapter a drafted movement books on: the one chosen here, else its draft's ('' none). */
export function draftChapter(proposal: StatementProposal, choice: LineChoice): string {
  if (proposal.kind !== 'movement') return '';
  return choice.chapter || (proposal.draft.positions[0]?.chapter ?? '');
}

/** May the proposal be booked as it stands (a movement needs its chapter)? */
export function bookable(proposal: StatementProposal, choice: LineChoice): boolean {
  if (proposal.kind === 'alreadyBooked' || proposal.kind === 'none') return false;
  return proposal.kind !== 'movement' || draftChapter(proposal, choice) !== '';
}

/** The first choices: every bookable proposal ticked. */
export function initialChoices(entries: readonly StatementEntry[]): Record<number, LineChoice> {
  const choices: Record<number, LineChoice> = {};
  for (const entry of entries) {
    const choice: LineChoice = { take: false, alternative: null, chapter: '' };
    choice.take = bookable(entry.proposal, choice);
    choices[entry.index] = choice;
  }
  return choices;
}

/** The choice of a line (the first proposal, not taken, when none was made). */
export function choiceOf(choices: Record<number, LineChoice>, index: number): LineChoice {
  return choices[index] ?? { take: false, alternative: null, chapter: '' };
}

/** Is the line booked by the confirmation? */
export function taken(entry: StatementEntry, choices: Record<number, LineChoice>): boolean {
  const choice = choiceOf(choices, entry.index);
  return choice.take && bookable(chosenProposal(entry, choice), choice);
}

/** What statements.confirm takes: the taken lines (accept or alternative, a changed draft sent whole), the others skipped. */
export function decisionsOf(
  result: Pick<StatementImportResult, 'entries'>,
  choices: Record<number, LineChoice>,
  scope: { departmentId: number; year: number },
): StatementDecision[] {
  return result.entries.map((entry): StatementDecision => {
    const choice = choiceOf(choices, entry.index);
    if (!taken(entry, choices)) return { index: entry.index, action: 'skip', alternative: null, draft: null };
    const proposal = chosenProposal(entry, choice);
    const action = choice.alternative === null ? 'accept' : 'alternative';
    const draft =
      proposal.kind === 'movement' && choice.chapter !== '' && choice.chapter !== (proposal.draft.positions[0]?.chapter ?? '')
        ? {
            ...scope,
            ...proposal.draft,
            recordNumber: null,
            asNew: false,
            templateCode: null,
            transferPositions: [],
            payments: [],
            confirmAvailableExceeded: false,
            positions: proposal.draft.positions.map((p) => ({ chapter: choice.chapter, amount: p.amount, note: p.note, reservationId: null })),
          }
        : null;
    return { index: entry.index, action, alternative: choice.alternative, draft: draft as StatementDecision['draft'] };
  });
}

/** The signed amount of a line: + a credit, − a debit. */
export function signedAmount(entry: Pick<StatementEntry, 'amount' | 'creditDebit'>): number {
  return entry.creditDebit === 'CRDT' ? entry.amount : -entry.amount;
}
