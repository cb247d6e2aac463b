import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { appCodeOf, errorChapters } from '../../lib/errors.ts';
import type { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { type ShownLine, useConfirmedSave } from '../../ui/useConfirmedSave.ts';
import { budgetMessages } from './labels.ts';
import { invalidateBudget } from './useBudgetScope.ts';

/**
 * Saving a change or the adjustment: sends once; AvailableExceeded asks and resends confirmed
 * (useConfirmedSave); BudgetFinalNegative and ChapterHasResidue name the chapter. Answers whether
 * it saved.
 */
export function useChangeSave(confirm: ReturnType<typeof useConfirmDialog>['confirm']) {
  const { t, i18n } = useLingui();
  const [saving, setSaving] = useState(false);
  const sendConfirmed = useConfirmedSave(confirm);

  /** Sends (`lines`: the rows the screen shows, to name a line past its availability); answers whether it saved. */
  async function save(send: (confirmAvailableExceeded: boolean) => Promise<unknown>, dropped: number, lines: readonly ShownLine[]): Promise<boolean> {
    setSaving(true);
    try {
      const sent = await sendConfirmed(async (confirmAvailableExceeded) => {
        await send(confirmAvailableExceeded);
        return true;
      }, lines);
      if (!sent) return false;
      notifySuccess(t`Änderungen gespeichert`);
      if (dropped > 0) notifyInfo(dropped === 1 ? t`Eine Position mit Betrag 0 wurde entfernt.` : t`${dropped} Positionen mit Betrag 0 wurden entfernt.`);
      await invalidateBudget();
      return true;
    } catch (error) {
      const code = appCodeOf(error);
      const chapters = errorChapters(error);
      const text =
        code === 'ChapterHasResidue'
          ? i18n._(budgetMessages.hasResidue)
          : code === 'BudgetNotBalanced'
            ? t`Die Änderung ist nicht ausgeglichen: Einnahmen und Ausgaben müssen sich die Waage halten.`
            : errorText(i18n, error);
      notifyError(chapters ? `${text} (${t`Kapitel`} ${chapters})` : text, t`Änderungen nicht gespeichert`);
      return false;
    } finally {
      setSaving(false);
    }
  }

  /** Why a change or the adjustment can't be saved as it stands (null: it can). */
  function refusal(state: { dateError: string | null; pending: boolean; balance: number; missingDescriptions?: boolean }): string | null {
    if (state.dateError) return state.dateError;
    if (state.pending) return t`Neue Zeile ohne Betrag: bitte einen Betrag eingeben oder die Zeile löschen.`;
    if (state.missingDescriptions) return t`Für Kapitel ohne feste Bezeichnung sind die deutsche und die italienische Bezeichnung nötig.`;
    if (state.balance !== 0) return t`Nicht ausgeglichen: Speichern ist erst bei Saldo 0,00 € möglich.`;
    return null;
  }

  return { save, saving, refusal };
}
