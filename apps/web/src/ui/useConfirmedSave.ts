/**
 * useConfirmedSave — a save the server may refuse with AvailableExceeded (movements, budget changes,
 * the adjustment): `sendConfirmed(attempt)` sends once (`attempt(false)`); on AvailableExceeded it
 * asks "Verfügbarer Betrag überschritten — Der verfügbare Betrag wird überschritten. Trotzdem
 * fortfahren? (Kapitel 2-1-001)" with Fortfahren / Abbrechen, and on Fortfahren sends again with
 * `confirmAvailableExceeded` (`attempt(true)`). Answers the saved result, or null when the user
 * declined; any other error goes on to the screen's own handling.
 *
 *   const { confirm, element } = useConfirmDialog();   // render `element` once
 *   const sendConfirmed = useConfirmedSave(confirm);
 *   const saved = await sendConfirmed((confirmAvailableExceeded) => trpcClient.x.save.mutate({ ...input, confirmAvailableExceeded }));
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { appCodeOf, errorChapters } from '../lib/errors.ts';
import { chapterWord } from './chartLabels.ts';
import type { useConfirmDialog } from './ConfirmDialog.tsx';

/** budget.balance.exceedsAvailableAsk */
const exceedsAvailableAsk = msg`Der verfügbare Betrag wird überschritten. Trotzdem fortfahren?`;

export function useConfirmedSave(confirm: ReturnType<typeof useConfirmDialog>['confirm']) {
  const { t, i18n } = useLingui();

  return async function sendConfirmed<R>(attempt: (confirmAvailableExceeded: boolean) => Promise<R>): Promise<R | null> {
    try {
      return await attempt(false);
    } catch (error) {
      if (appCodeOf(error) !== 'AvailableExceeded') throw error;
      const chapters = errorChapters(error);
      const question = i18n._(exceedsAvailableAsk);
      const ok = await confirm({
        title: t`Verfügbarer Betrag überschritten`,
        children: chapters ? `${question} (${i18n._(chapterWord)} ${chapters})` : question,
        confirmLabel: t`Fortfahren`,
      });
      if (!ok) return null;
      return attempt(true);
    }
  };
}
