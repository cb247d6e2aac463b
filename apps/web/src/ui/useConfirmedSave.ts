/**
 * useConfirmedSave — a save the server may refuse with AvailableExceeded (movements, budget changes,
 * the adjustment): `sendConfirmed(attempt, lines)` sends once (`attempt(false)`); on AvailableExceeded
 * it asks "Verfügbarer Betrag überschritten" naming each line past its availability and by how much
 * ("Kapitel 2-1-002 Ausrüstung: 418,10 € über dem verfügbaren Betrag. Trotzdem fortfahren?"), with
 * Abbrechen focused (Enter does not book) and Fortfahren, and on Fortfahren sends again with
 * `confirmAvailableExceeded` (`attempt(true)`). `lines`: the chapter lines the screen shows (their
 * descriptions name the lines the server reports). Answers the saved result, or null when the user
 * declined; any other error goes on to the screen's own handling.
 *
 *   const { confirm, element } = useConfirmDialog();   // render `element` once
 *   const sendConfirmed = useConfirmedSave(confirm);
 *   const saved = await sendConfirmed((confirmAvailableExceeded) => trpcClient.x.save.mutate({ ...input, confirmAvailableExceeded }), rows);
 */
import { formatAmount, formatChapter } from '@app/domain';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { appCodeOf, errorParamsOf, exceededLines } from '../lib/errors.ts';
import { chapterWord, localDescription } from './chartLabels.ts';
import type { useConfirmDialog } from './ConfirmDialog.tsx';

/** budget.balance.exceedsAvailableAsk */
const exceedsAvailableAsk = msg`Der verfügbare Betrag wird überschritten. Trotzdem fortfahren?`;

/** A chapter line as a screen shows it (`chapterYear`: a residue line of an earlier year). */
export interface ShownLine {
  chapter: string;
  chapterYear?: number;
  descriptionDeu: string;
  descriptionIta: string;
}

export function useConfirmedSave(confirm: ReturnType<typeof useConfirmDialog>['confirm']) {
  const { t, i18n } = useLingui();

  return async function sendConfirmed<R>(attempt: (confirmAvailableExceeded: boolean) => Promise<R>, lines: readonly ShownLine[] = []): Promise<R | null> {
    try {
      return await attempt(false);
    } catch (error) {
      if (appCodeOf(error) !== 'AvailableExceeded') throw error;
      const named = exceededLines(errorParamsOf(error)).map(({ chapter, chapterYear, excess }) => {
        const shown = lines.find((l) => l.chapter === chapter && (chapterYear === null || l.chapterYear === undefined || l.chapterYear === chapterYear));
        const code = `${i18n._(chapterWord)} ${formatChapter(chapter)}${chapterYear === null ? '' : `/${chapterYear}`}`;
        const line = shown ? `${code} ${localDescription(i18n, shown)}` : code;
        return excess === null ? line : t`${line}: ${formatAmount(excess)} über dem verfügbaren Betrag.`;
      });
      const ok = await confirm({
        title: t`Verfügbarer Betrag überschritten`,
        children: [...named, i18n._(exceedsAvailableAsk)],
        confirmLabel: t`Fortfahren`,
        testId: 'exceeded-question',
      });
      if (!ok) return null;
      return attempt(true);
    }
  };
}
