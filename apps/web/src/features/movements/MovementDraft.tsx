/**
 * The draft of the movements screens (routes movements/revenues and movements/expenses): one form
 * (useDraftForm) shared by the head form (index route) and the positions form (`$recordNumber`, or
 * `new`), kept by the layout route until it is saved. Saving sends head and positions as one whole
 * (AvailableExceeded asks and resends confirmed), opens the saved record on the head form at its
 * address (`?nr=`, replacing the new record's, so a reload and Back show it), and the unsaved-changes
 * guard asks before leaving the pair of routes. The head form follows its address (useRecordAddress).
 */
import { type Movement, type MovementContext, type MovementKind, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { errorMessages, errorText } from '../../lib/errorMessages.ts';
import { errorChapters, errorFieldOf } from '../../lib/errors.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { chapterWord } from '../../ui/chartLabels.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { isPendingRow } from '../../ui/PositionsTable/positionRows.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useConfirmedSave } from '../../ui/useConfirmedSave.ts';
import { type DraftForm, useDraftForm } from '../../ui/useDraftForm.ts';
import { useScope } from '../scope/useScope.ts';
import { invalidateCash } from '../cashBalance/cashBalance.ts';
import { buildSaveInput, compareValues, headProblems, isLatest, type MovementSource, type MovementValues, sourceValues } from './draft.ts';
import { fieldLabel, headFieldLabels } from './labels.ts';
import { movementContextQuery, movementQuery, supplierBriefQuery } from './queries.ts';

export interface MovementDraftState {
  kind: MovementKind;
  context: MovementContext;
  scopeInput: { departmentId: number; year: number };
  departmentId: number;
  deptCode: string;
  year: number;
  draft: DraftForm<MovementValues>;
  values: MovementValues;
  /** The saved movement the form edits (null: a new record). */
  movement: Movement | null;
  /** Bookings can be saved here (budget approved, not closed, year open, record not cancelled, not in a stored order). */
  editable: boolean;
  /**
   * A bill a registered order paid (DOMAIN decision 22): only its positions' chapters and notes can be
   * corrected; head, amounts, instalments and transfers stay read-only.
   */
  correctionOnly: boolean;
  /** Opens a saved record (asks first when the form has unsaved changes); answers whether it did. */
  openRecord: (recordNumber: number) => Promise<boolean>;
  /** Reads the saved record again (a payment by hand changed its instalments); the form had no unsaved changes. */
  reloadRecord: () => Promise<void>;
  /** Starts a new empty record (asks first when the form has unsaved changes). */
  startNew: () => Promise<boolean>;
  /** Deletes the latest record or cancels an earlier one (asks which first). */
  remove: () => Promise<void>;
  deleting: boolean;
  goPositions: () => void;
  /**
   * The head form at the address of a record (`nr`; default the saved record shown, null: a new
   * one); `replace` the current history entry (after a save or a delete).
   */
  goHead: (to?: { nr?: number | null; replace?: boolean }) => void;
  /** The record of the head form's address (`?nr=`; undefined: a new record). */
  addressRecord: number | undefined;
  /** The record shown by the positions path (`new` or the record number). */
  pathRecord: string;
}

const Ctx = createContext<MovementDraftState | null>(null);

export function useMovementDraft(): MovementDraftState {
  const state = useContext(Ctx);
  if (!state) throw new Error('useMovementDraft outside MovementDraftProvider');
  return state;
}

/** Every movements query, the budget figures and the cash balances refetch after a booking. */
function invalidateBookings(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ ...trpc.movements.pathFilter(), refetchType: 'all' }),
    queryClient.invalidateQueries({ ...trpc.budget.pathFilter(), refetchType: 'all' }),
    invalidateCash(),
  ]);
}

export function MovementDraftProvider({ kind, children }: { kind: MovementKind; children: ReactNode }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { department, year } = useScope();
  const scopeInput = { departmentId: department.id, year };
  const { data: context } = useSuspenseQuery(movementContextQuery({ department, year }, kind));
  const { nr: addressRecord } = useSearch({ strict: false }) as { nr?: number };
  // a reload of `?nr=`: the record the layout's loader read
  const [source, setSource] = useState<MovementSource>(() => {
    const loaded = addressRecord === undefined ? undefined : queryClient.getQueryData(movementQuery({ department, year }, kind, addressRecord).queryKey);
    if (!loaded) return { kind: 'new', key: 'new', context, today: todayIso() };
    const supplier = loaded.supplier ? queryClient.getQueryData(supplierBriefQuery(department.id, loaded.supplier.id).queryKey) : null;
    return { kind: 'saved', key: `r${loaded.recordNumber}`, movement: loaded, supplier };
  });
  const [deleting, setDeleting] = useState(false);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const sendConfirmed = useConfirmedSave(confirm);
  const root = useRef<HTMLDivElement>(null);
  const draft = useDraftForm<MovementSource, MovementValues>({
    root,
    draft: source,
    toValues: (s) => sourceValues(s, kind, year),
    compare: compareValues,
    save: onSave,
    // the source changes only when the user opens another record or starts a new one (asked first)
    discardEditsOnReload: true,
  });
  const values = draft.values ?? sourceValues(source, kind, year);
  const movement = source.kind === 'saved' ? source.movement : null;
  // a bill at the bank (DOMAIN decision 6): frozen while its order is only stored, correctable once registered
  const bankOrder = values.asNew ? null : (movement?.bankOrder ?? null);
  const editable = context.isEditable && (movement?.isEditable ?? true) && (bankOrder?.registered ?? true);
  const correctionOnly = editable && bankOrder !== null;
  const pathRecord = values.recordNumber !== null && !values.asNew ? String(values.recordNumber) : 'new';

  const params = { dept: department.code, year: String(year) };
  const shownRecord = source.kind === 'saved' ? source.movement.recordNumber : null;
  const goHead = (to: { nr?: number | null; replace?: boolean } = {}) => {
    const nr = to.nr === undefined ? shownRecord : to.nr;
    void navigate({
      to: kind === 'revenues' ? '/dept/$dept/year/$year/movements/revenues' : '/dept/$dept/year/$year/movements/expenses',
      params,
      search: nr === null ? {} : { nr },
      replace: to.replace ?? false,
      ignoreBlocker: true,
    });
  };
  const goPositions = () =>
    void navigate({
      to: kind === 'revenues' ? '/dept/$dept/year/$year/movements/revenues/$recordNumber' : '/dept/$dept/year/$year/movements/expenses/$recordNumber',
      params: { ...params, recordNumber: pathRecord },
      ignoreBlocker: true,
    });

  async function discardAsked(): Promise<boolean> {
    if (!draft.dirty) return true;
    return confirm({
      title: t`Ungespeicherte Änderungen`,
      children: t`Die Änderungen sind nicht gespeichert. Wenn Sie die Seite verlassen, gehen sie verloren.`,
      confirmLabel: t`Verwerfen`,
      danger: true,
    });
  }

  /** A saved movement as the form's source, with its supplier's brief (search key) for the picker. */
  async function savedSource(movement: Movement): Promise<MovementSource> {
    const supplier = movement.supplier ? await queryClient.fetchQuery(supplierBriefQuery(department.id, movement.supplier.id)).catch(() => null) : null;
    return { kind: 'saved', key: `r${movement.recordNumber}-${Date.now()}`, movement, supplier };
  }

  async function openRecord(recordNumber: number): Promise<boolean> {
    if (source.kind === 'saved' && source.movement.recordNumber === recordNumber && !values.asNew) return true;
    if (!(await discardAsked())) return false;
    try {
      const loaded = await queryClient.fetchQuery(movementQuery({ department, year }, kind, recordNumber));
      setSource(await savedSource(loaded));
      return true;
    } catch (error) {
      notifyError(errorText(i18n, error));
      return false;
    }
  }

  async function reloadRecord(): Promise<void> {
    if (source.kind !== 'saved') return;
    const loaded = await queryClient.fetchQuery({ ...movementQuery({ department, year }, kind, source.movement.recordNumber), staleTime: 0 });
    setSource(await savedSource(loaded));
  }

  async function startNew(): Promise<boolean> {
    if (!(await discardAsked())) return false;
    const fresh = await queryClient.fetchQuery({ ...movementContextQuery({ department, year }, kind), staleTime: 0 }).catch(() => context);
    setSource({ kind: 'new', key: `new-${Date.now()}`, context: fresh, today: todayIso() });
    return true;
  }

  /** Why the values can't be saved as they stand (null: they can). */
  function refusal(v: MovementValues): string | null {
    if (!v.recordDate) return t`Bitte das Buchungsdatum eingeben.`;
    const problems = headProblems(v, year, todayIso());
    if (problems.missing.length > 0) {
      const names = problems.missing.map((f) => i18n._(headFieldLabels[f])).join(', ');
      return t`Bitte ausfüllen: ${names}`;
    }
    if (problems.date) return `${i18n._(errorMessages[problems.date.code])} (${fieldLabel(i18n, problems.date.field)})`;
    if (v.asNew && v.typedNumber === null) return t`Bitte die Buchungsnummer eingeben.`;
    if (v.rows.some(isPendingRow)) return t`Neue Zeile ohne Betrag: bitte einen Betrag eingeben oder die Zeile löschen.`;
    return null;
  }

  /**
   * Saves what the fields show (Save, Ctrl+Enter, or "save" when leaving); answers whether it saved.
   * The save goes back to the head form, except on the way out (`leaving`).
   */
  async function onSave(v: MovementValues, { leaving }: { leaving: boolean }): Promise<boolean> {
    if (!editable) return false;
    const refused = refusal(v);
    if (refused) {
      notifyError(refused, t`Buchung nicht gespeichert`);
      return false;
    }
    const built = buildSaveInput(scopeInput, kind, v);
    if (!built.ok) {
      const text =
        built.reason === 'noPositions'
          ? t`Die Buchung hat keine Position mit Betrag.`
          : built.reason === 'transferChapters'
            ? t`Eine Umbuchung braucht beide Kapitel (von und nach).`
            : t`Die Zahlungen ergeben nicht den Gesamtbetrag.`;
      notifyError(text, t`Buchung nicht gespeichert`);
      return false;
    }
    try {
      const { input } = built;
      const shown = [...v.rows, ...v.transfers.flatMap((tr) => [tr.from, tr.to]).filter((line) => line !== null)];
      const saved = await sendConfirmed(
        (confirmAvailableExceeded) => trpcClient.movements.save.mutate(confirmAvailableExceeded ? { ...input, confirmAvailableExceeded } : input),
        shown,
      );
      if (!saved) return false;
      queryClient.setQueryData(movementQuery({ department, year }, kind, saved.recordNumber).queryKey, saved);
      notifySuccess(t`Buchung Nr. ${saved.recordNumber} gespeichert`);
      if (built.dropped > 0)
        notifyInfo(built.dropped === 1 ? t`Eine Position mit Betrag 0 wurde entfernt.` : t`${built.dropped} Positionen mit Betrag 0 wurden entfernt.`);
      setSource(await savedSource(saved));
      void invalidateBookings();
      // the saved record's address replaces the new record's (a reload and Back show it)
      if (!leaving) goHead({ nr: saved.recordNumber, replace: true });
      return true;
    } catch (error) {
      const field = errorFieldOf(error);
      const chapters = errorChapters(error);
      // "Position 1: Kapitel 2-1-005" when the field is the chapter the error names
      const fieldText = field ? fieldLabel(i18n, field) : null;
      const named =
        fieldText && chapters && /chapter/i.test(field?.split('.').pop() ?? '')
          ? `${fieldText} ${chapters}`
          : [fieldText, chapters ? `${i18n._(chapterWord)} ${chapters}` : null].filter(Boolean).join(', ');
      notifyError(named ? `${errorText(i18n, error)} (${named})` : errorText(i18n, error), t`Buchung nicht gespeichert`);
      return false;
    }
  }

  async function remove() {
    if (!movement || !editable) return;
    const recordNumber = movement.recordNumber;
    // the server decides (the latest is deleted, an earlier one cancelled); the question says which it will be
    const latest = isLatest(movement, context);
    const ok = await confirm({
      title: latest ? t`Buchung löschen` : t`Buchung stornieren`,
      children: latest
        ? t`Buchung Nr. ${recordNumber} ist die letzte und wird gelöscht; ihre Nummer wird wieder vergeben.`
        : t`Buchung Nr. ${recordNumber} ist nicht die letzte und wird storniert: sie behält ihre Nummer, ihre Beträge werden 0.`,
      confirmLabel: latest ? t`Löschen` : t`Stornieren`,
      danger: true,
    });
    if (!ok) return;
    setDeleting(true);
    try {
      const result = await trpcClient.movements.delete.mutate({ ...scopeInput, kind, recordNumber });
      notifySuccess(result.deleted ? t`Buchung Nr. ${recordNumber} gelöscht` : t`Buchung Nr. ${recordNumber} storniert`);
      await invalidateBookings();
      const fresh = await queryClient.fetchQuery(movementContextQuery({ department, year }, kind)).catch(() => context);
      setSource({ kind: 'new', key: `new-${Date.now()}`, context: fresh, today: todayIso() });
      goHead({ nr: null, replace: true });
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setDeleting(false);
    }
  }

  const state: MovementDraftState = {
    kind,
    context,
    scopeInput,
    departmentId: department.id,
    deptCode: department.code,
    year,
    draft,
    values,
    movement,
    editable,
    correctionOnly,
    openRecord,
    reloadRecord,
    startNew,
    remove,
    deleting,
    goPositions,
    goHead,
    addressRecord,
    pathRecord,
  };

  return (
    <Ctx.Provider value={state}>
      <div ref={root} onKeyDown={draft.saveKeys(() => void draft.save())}>
        {children}
      </div>
      <UnsavedChangesGuard dirty={draft.dirty} onSave={editable ? draft.saveAndLeave : undefined} />
      {confirmElement}
    </Ctx.Provider>
  );
}

/**
 * The head form follows its address: `?nr=` opens that record, none a new one (Back, Forward, a link);
 * opening a record or starting a new one on the form writes the address (`open`, `startNew`). A
 * record that can't be opened, or changes the user keeps, put the shown record back into the address.
 */
export function useRecordAddress(m: MovementDraftState): { open: (recordNumber: number) => Promise<boolean>; startNew: () => Promise<void> } {
  const shown = m.movement?.recordNumber;
  useEffect(() => {
    if (m.addressRecord === shown) return;
    const follow = m.addressRecord === undefined ? m.startNew() : m.openRecord(m.addressRecord);
    void follow.then((done) => {
      if (!done) m.goHead({ nr: shown ?? null, replace: true });
    });
    // only a change of the address is followed (the draft writes it after its own changes)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [m.addressRecord]);
  return {
    open: async (recordNumber) => {
      const done = await m.openRecord(recordNumber);
      if (done) m.goHead({ nr: recordNumber });
      return done;
    },
    startNew: async () => {
      if (await m.startNew()) m.goHead({ nr: null });
    },
  };
}
