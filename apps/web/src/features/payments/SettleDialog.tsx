import { canPayByHandFrom, formatDate, INSTALMENT_NOTE_MAX, type MovementDateError, settleDateProblem, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryClient, trpcClient } from '../../lib/trpc.ts';
import { accountName } from '../../ui/accountName.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { useScope } from '../scope/useScope.ts';
import { type InstalmentBrief, InstalmentDateDialog } from './InstalmentDateDialog.tsx';
import { paymentAccountsQuery } from './queries.ts';

/** The words for a date the rules refuse (in the scope year, not after today, not before `notBefore` with its name). */
export function useDateProblemText(year: number, notBefore: { date: string | null; text: (date: string) => string }) {
  const { t } = useLingui();
  return (problem: MovementDateError, date: string): string => {
    if (problem.code === 'DateAfter31.12' || date < `${year}-01-01`) return t`Das Datum muss im Jahr ${year} liegen.`;
    if (date > todayIso()) return t`Das Datum darf nicht nach heute liegen.`;
    if (notBefore.date && date < notBefore.date) return notBefore.text(formatDate(notBefore.date));
    return t`Ungültiges Datum.`;
  };
}

/**
 * "Bezahlen" (DOMAIN decision 21): an open instalment paid by hand — cash, card or a manual transfer —
 * with the date paid (in the scope year, not after today, not before the document date), the account
 * the money left (cash or bank, default the movement's) and a note. Opened from the open payments and
 * from the movement's payments dialog; after the payment every figure is read again.
 */
export function SettleDialog({
  instalment,
  year: payYear,
  defaultAccountId,
  onClose,
  onSettled,
}: {
  instalment: InstalmentBrief;
  /** The year that pays it (default the scope year; a bill's carried instalment: the year it is carried into). */
  year?: number;
  defaultAccountId: number | null;
  onClose: () => void;
  onSettled?: () => void;
}) {
  const { t, i18n } = useLingui();
  const scope = useScope();
  const { department } = scope;
  const year = payYear ?? scope.year;
  const accounts = useQuery(paymentAccountsQuery({ department }));
  const choices = (accounts.data ?? []).filter((a) => canPayByHandFrom(a.type));
  const [accountId, setAccountId] = useState<number | null>(defaultAccountId);
  const [note, setNote] = useState('');
  const problemText = useDateProblemText(year, {
    date: instalment.documentDate,
    text: (date) => t`Das Zahlungsdatum liegt vor dem Belegdatum ${date}.`,
  });

  async function settle(datePaid: string) {
    await trpcClient.payments.settle.mutate({
      departmentId: department.id,
      year,
      movementId: instalment.movementId,
      paymentId: instalment.paymentId,
      datePaid,
      accountId,
      note,
    });
    notifySuccess(t`Zahlung am ${formatDate(datePaid)} verbucht`);
    // the chapter figures, the cash, the open payments and the movement change
    await queryClient.invalidateQueries();
    onSettled?.();
    onClose();
  }

  return (
    <InstalmentDateDialog
      title={t`Offene Zahlung bezahlen`}
      instalment={instalment}
      year={year}
      dateLabel={t`Bezahlt am`}
      initialDate={null}
      dateProblem={(datePaid) => settleDateProblem({ year, today: todayIso(), datePaid, documentDate: instalment.documentDate })}
      problemText={problemText}
      acceptLabel={t`Bezahlen`}
      onSubmit={settle}
      onClose={onClose}
      testId="settle-dialog"
    >
      <Select
        label={t`Konto`}
        description={t`Von diesem Konto ist das Geld abgegangen (Kassa oder Bank).`}
        withAsterisk
        w="100%"
        allowDeselect={false}
        data={choices.map((a) => ({ value: String(a.id), label: accountName(a, i18n.locale) }))}
        value={accountId === null ? null : String(accountId)}
        onChange={(v) => setAccountId(v === null ? null : Number(v))}
        data-testid="settle-dialog-account"
      />
      <TextInput
        label={t`Notiz`}
        placeholder={t`z. B. bar bezahlt, Karte, Online-Überweisung`}
        maxLength={INSTALMENT_NOTE_MAX}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        data-testid="settle-dialog-note"
      />
    </InstalmentDateDialog>
  );
}
