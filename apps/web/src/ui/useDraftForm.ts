/**
 * useDraftForm — the form of every screen that edits a server draft (budget forecast parts,
 * surplus, changes, adjustment, approval, movement template positions), on @mantine/form:
 * - the server draft (the query's data) becomes the form values (`toValues`); until then `ready`
 *   is false;
 * - `dirty` compares the comparable content of the values (`compare`, e.g. trimmed texts, empty
 *   amounts as 0) with what was loaded or last saved; it drives Save/Reset and the
 *   unsaved-changes guard (`<UnsavedChangesGuard dirty={draft.dirty} onSave={draft.save} />`);
 * - a new server draft (refetch, invalidation after a save) replaces the values while nothing is
 *   edited (with `discardEditsOnReload` also over edits);
 * - `save()` checks the typed fields first (a text that is no amount or date keeps its message and
 *   the focus, nothing is sent), then calls the screen's `save` with the values the fields show
 *   (typed fields hand on every keystroke, so also a Ctrl+Enter from the focused field sees its
 *   text); a successful save takes the values as the new clean state and reloads the server draft;
 * - `saveAndLeave()`: the save of the unsaved-changes question ("save" before leaving); the screen's
 *   `save` gets `{ leaving: true }` and stays where it is (no navigation to the saved record);
 * - `saveKeys(action)`: the Ctrl+Enter (Cmd+Enter) handler for the screen's root: anywhere inside
 *   the screen, and on the page body while the screen is the page's only editor (useBodySaveKey,
 *   with `root`); never from an open dialog;
 * - `formProps`: the props of the screen's `<form>` — no browser validation, Submit saves, Enter
 *   moves on to the next field and submits from the last one (onEnterMoves); Ctrl+Enter is left to
 *   `saveKeys` on the root. A form whose Submit does something else (the movement head goes on to
 *   the positions) gives its own `onSubmit` after the spread.
 *
 *   const root = useRef<HTMLDivElement>(null);
 *   const draft = useDraftForm({ draft: query.data, toValues, compare, root, save: async (values, { leaving }) => {..; return true} });
 *   <Stack ref={root} onKeyDown={draft.saveKeys(() => void draft.save())}>
 *     <form {...draft.formProps}>..</form>
 *     <UnsavedChangesGuard dirty={draft.dirty} onSave={draft.saveAndLeave} />
 *   </Stack>
 *
 * Master-data editors use `useEntityEditor` (schema validation, create/update/delete, list
 * navigation); both share `typedFieldsValid` as the first step of every save.
 */
import { useForm, type UseFormReturnType } from '@mantine/form';
import { type FormEvent, type KeyboardEvent, type RefObject, useState } from 'react';
import { onEnterMoves } from './EditorShell.tsx';
import { isSaveKey } from './keys.ts';
import { fromDialog, useBodySaveKey } from './saveShortcut.ts';
import { typedFieldsValid } from './typedText.ts';

export interface DraftFormOptions<D, V extends Record<string, unknown>> {
  /** The server's draft (the query's data); undefined while loading. */
  draft: D | undefined;
  /** The form values of a server draft. */
  toValues: (draft: D) => V;
  /** The comparable content of the values for the dirty check (defaults to the values). */
  compare?: (values: V) => unknown;
  /**
   * Sends the values (with the screen's own checks and messages); answers whether it saved.
   * `leaving`: the save of the unsaved-changes question — the screen is left right after it.
   */
  save: (values: V, how: { leaving: boolean }) => Promise<boolean>;
  /** The screen's root: a save checks the typed fields inside it (unset: every field on the screen). */
  root?: RefObject<HTMLElement | null>;
  /**
   * A new server draft replaces the values even while they are edited (true, or a rule on the
   * draft they were loaded from, e.g. "no record yet": the create form's values give way).
   */
  discardEditsOnReload?: boolean | ((loadedFrom: D) => boolean);
}

export interface DraftForm<V extends Record<string, unknown>> {
  form: UseFormReturnType<V>;
  /** The values once the first draft is loaded (null before). */
  values: V | null;
  ready: boolean;
  dirty: boolean;
  saving: boolean;
  /** Checks the typed fields and saves the values the fields show; answers whether it saved. */
  save: () => Promise<boolean>;
  /** The same save for the unsaved-changes question (`UnsavedChangesGuard onSave`): the screen's save gets `leaving`. */
  saveAndLeave: () => Promise<boolean>;
  /** Back to the loaded (or last saved) values. */
  reset: () => void;
  /** Sets one value (top-level key). */
  set: <K extends keyof V>(key: K, value: V[K] | ((previous: V[K]) => V[K])) => void;
  /** onKeyDown handler: Ctrl+Enter (Cmd+Enter) runs `action` (usually the screen's save). */
  saveKeys: (action: () => void) => (event: KeyboardEvent<HTMLElement>) => void;
  /** The props of the screen's `<form>`: noValidate, Submit saves, Enter moves on (Ctrl+Enter: `saveKeys`). */
  formProps: DraftFormProps;
}

export interface DraftFormProps {
  noValidate: true;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => void;
}

/** Marks the values as saved: the next server draft is loaded over them. */
const SAVED = Symbol('saved');

export function useDraftForm<D, V extends Record<string, unknown>>({
  draft,
  toValues,
  compare = (v) => v,
  save,
  root,
  discardEditsOnReload = false,
}: DraftFormOptions<D, V>): DraftForm<V> {
  const form = useForm<V>({ mode: 'controlled', initialValues: {} as V });
  // the draft the values were loaded from (SAVED: saved since, load the next one)
  const [loadedFrom, setLoadedFrom] = useState<{ draft: D | typeof SAVED } | null>(null);
  const [saving, setSaving] = useState(false);
  useBodySaveKey(root);

  const ready = loadedFrom !== null;
  const same = (a: V, b: V) => JSON.stringify(compare(a)) === JSON.stringify(compare(b));
  const dirty = ready && !same(form.values, form.getInitialValues());

  // (re)load the server draft while nothing is edited (state adjusted during render, so the
  // screen never shows the values of the previous draft)
  if (draft !== undefined && loadedFrom?.draft !== draft) {
    const previous = loadedFrom?.draft;
    const discard =
      typeof discardEditsOnReload === 'function' ? previous !== undefined && previous !== SAVED && discardEditsOnReload(previous) : discardEditsOnReload;
    if (!dirty || discard) {
      const values = toValues(draft);
      form.setInitialValues(values);
      form.setValues(values);
      form.clearErrors();
      setLoadedFrom({ draft });
    }
  }

  async function runSave(leaving: boolean): Promise<boolean> {
    if (!typedFieldsValid(root?.current)) return false;
    if (!ready || saving) return false;
    setSaving(true);
    try {
      const values = form.getValues();
      const ok = await save(values, { leaving });
      if (ok) {
        form.setInitialValues(values);
        setLoadedFrom({ draft: SAVED });
      }
      return ok;
    } finally {
      setSaving(false);
    }
  }

  return {
    form,
    values: ready ? form.values : null,
    ready,
    dirty,
    saving,
    save: () => runSave(false),
    saveAndLeave: () => runSave(true),
    reset: () => form.setValues(form.getInitialValues()),
    set: (key, value) => form.setFieldValue(key as never, value as never),
    saveKeys: (action) => (event) => {
      if (isSaveKey(event) && !fromDialog(event)) {
        event.preventDefault();
        action();
      }
    },
    formProps: {
      noValidate: true,
      onSubmit: (event) => {
        event.preventDefault();
        void runSave(false);
      },
      // Ctrl+Enter saves (the root's saveKeys); Enter moves on to the next field, from the last one it submits
      onKeyDown: (event) => {
        if (!(event.ctrlKey || event.metaKey) && !fromDialog(event)) onEnterMoves(event);
      },
    },
  };
}
