/**
 * useEntityEditor — the behaviour of every master-data editor (spec 2 §4/§5/§8), rendered by
 * EditorShell:
 * - the form (@mantine/form) starts from the loaded entity or the server's template (`?id=new`);
 * - validation with the domain zod schema (the server's), on blur and on submit; texts translated
 *   ("Dieses Feld ist erforderlich", "Höchstens 40 Zeichen"); an invalid submit shows the toast
 *   "Einige Felder haben ungültige Werte" (2.8 s) and focuses the first bad field;
 * - Save creates (id null) or updates; success: toast (1.5 s), list queries invalidated, back to
 *   the list; failure: the form stays, the server's translated message (naming the field of an
 *   InvalidValue) as a 4 s toast and on the field;
 * - Delete asks "Löschen?" first (Enter confirms, Escape closes), then back to the list;
 * - `dirty` drives Save/Reset and the unsaved-changes guard.
 *
 * The caller loads (useQuery of get or template) and says how to save:
 *   const loaded = useQuery(id === 'new' ? trpc.x.template.queryOptions(..) : trpc.x.get.queryOptions(..));
 *   const editor = useEntityEditor({ id, loaded, toValues, schema: XInput, labels, save, remove, invalidate });
 *   return <EditorShell title={..} editor={editor}>..fields with editor.form.getInputProps('name1')..</EditorShell>;
 */
import { useLingui } from '@lingui/react/macro';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useConfirmDialog } from './ConfirmDialog.tsx';
import { type FieldLabels, type InvalidTexts, invalidValuesText, problemText, saveErrorText } from './fieldMessages.ts';
import { formErrors } from './formErrors.ts';
import type { EditorId } from './listState.ts';
import { notifyError, notifyInfo, notifySuccess } from './notify.ts';
import { typedFieldsValid } from './typedText.ts';
import { useSearchUpdate } from './useMasterList.ts';

export interface EntityEditorOptions<E, V extends Record<string, unknown>, Out> {
  id: EditorId;
  /** The entity (or template) as loaded by the caller's useQuery. */
  loaded: { data: E | undefined; error: unknown };
  /** Form values of the loaded entity (add form-only fields here, e.g. ABI and CAB). */
  toValues: (entity: E) => V;
  /** The domain schema the server checks (create and update input without id and scope). */
  schema: z.ZodType<Out>;
  /** Client-only rules on top of the schema (path -> text). */
  extraErrors?: (values: V) => Record<string, string>;
  /** Maps the form values to what the schema checks (defaults to the values themselves). */
  toInput?: (values: V) => unknown;
  labels: FieldLabels;
  invalidTexts?: InvalidTexts;
  /** Create (id null) or update with the checked values. */
  save: (input: Out, id: number | null, values: V) => Promise<unknown>;
  remove?: ((id: number) => Promise<unknown>) | undefined;
  /** Refreshes the lists after a write (e.g. queryClient.invalidateQueries(trpc.x.pathFilter())). */
  invalidate: () => Promise<unknown> | void;
}

export interface EntityEditor<E, V extends Record<string, unknown>> {
  id: EditorId;
  isNew: boolean;
  entity: E | undefined;
  loadError: unknown;
  form: UseFormReturnType<V>;
  ready: boolean;
  dirty: boolean;
  saving: boolean;
  canDelete: boolean;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  reset: () => void;
  requestDelete: () => void;
  /** Back to the list (the guard asks first when the form is dirty). */
  close: () => void;
  /** Saves without leaving (the unsaved-changes question's "save"); answers whether it saved. */
  saveBeforeLeaving: () => Promise<boolean>;
  /** The delete confirmation dialog; EditorShell renders it. */
  confirmElement: React.ReactNode;
}

export function useEntityEditor<E, V extends Record<string, unknown>, Out>(options: EntityEditorOptions<E, V, Out>): EntityEditor<E, V> {
  const { id, loaded, toValues, schema, extraErrors, toInput, labels, invalidTexts, save, remove, invalidate } = options;
  const { t, i18n } = useLingui();
  const update = useSearchUpdate();
  const { confirm, element: confirmElement } = useConfirmDialog();
  const [saving, setSaving] = useState(false);

  const validate = (values: V) => {
    const errors = formErrors(schema, toInput ? toInput(values) : values, (problem, path) => problemText(i18n, problem, path, invalidTexts));
    return { ...errors, ...(extraErrors?.(values) ?? {}) };
  };

  const form = useForm<V>({
    mode: 'controlled',
    initialValues: {} as V,
    validate,
    validateInputOnBlur: true,
  });

  const entity = loaded.data;
  useEffect(() => {
    if (entity !== undefined && !form.initialized) form.initialize(toValues(entity));
    // initialise once per editor (the screen keys the editor by id)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entity]);

  const backToList = (ignoreBlocker: boolean) => void update((prev) => ({ ...prev, id: undefined }), { replace: ignoreBlocker, ignoreBlocker });

  /** Sends the checked values (no navigation); answers whether it saved. */
  async function persist(values: V): Promise<boolean> {
    const parsed = schema.safeParse(toInput ? toInput(values) : values);
    if (!parsed.success) return false; // validate() already reported it
    setSaving(true);
    try {
      await save(parsed.data, id === 'new' ? null : id, values);
      await invalidate();
      notifySuccess(t`Gespeichert`);
      form.resetDirty();
      return true;
    } catch (error) {
      const { text, field } = saveErrorText(i18n, error, labels);
      notifyError(text);
      if (field) form.setFieldError(field as never, text);
      return false;
    } finally {
      setSaving(false);
    }
  }

  const onInvalid = (errors: Record<string, unknown>) => {
    notifyInfo(invalidValuesText(i18n));
    const first = Object.keys(errors)[0];
    if (first) form.getInputNode(first as never)?.focus();
  };

  const submitForm = form.onSubmit(async (values) => {
    if (await persist(values)) backToList(true);
  }, onInvalid);

  // typed fields (amounts, dates) hand on every valid keystroke, so the values are what the fields
  // show; a text that is no value keeps its message and the focus, and nothing is sent
  const onSubmit = (event?: React.FormEvent<HTMLFormElement>) => {
    if (!typedFieldsValid(event?.currentTarget)) {
      event?.preventDefault();
      notifyInfo(invalidValuesText(i18n));
      return;
    }
    submitForm(event);
  };

  /** "Speichern und verlassen" in the unsaved-changes question: the Save button's checks, no navigation. */
  async function saveBeforeLeaving(): Promise<boolean> {
    if (!typedFieldsValid()) {
      notifyInfo(invalidValuesText(i18n));
      return false;
    }
    const checked = form.validate();
    if (checked.hasErrors) {
      onInvalid(checked.errors);
      return false;
    }
    return persist(form.getValues());
  }

  async function requestDelete() {
    if (id === 'new' || !remove) return;
    const ok = await confirm({ title: t`Löschen`, children: t`Löschen?`, cancelLabel: t`Abbrechen`, confirmLabel: t`OK`, danger: true });
    if (!ok) return;
    setSaving(true);
    try {
      await remove(id);
      await invalidate();
      notifySuccess(t`Gelöscht`);
      form.resetDirty();
      backToList(true);
    } catch (error) {
      notifyError(saveErrorText(i18n, error, labels).text);
    } finally {
      setSaving(false);
    }
  }

  return {
    id,
    isNew: id === 'new',
    entity,
    loadError: loaded.error,
    form,
    ready: form.initialized,
    dirty: form.initialized && form.isDirty(),
    saving,
    canDelete: id !== 'new' && remove !== undefined && entity !== undefined,
    onSubmit,
    reset: () => form.reset(),
    requestDelete: () => void requestDelete(),
    close: () => backToList(false),
    saveBeforeLeaving,
    confirmElement,
  };
}

/** The editor's source: the template query for `?id=new`, else the entity query (both typed). */
export function pickLoaded<A, B>(
  id: EditorId,
  existing: { data: A | undefined; error: unknown },
  template: { data: B | undefined; error: unknown },
): { data: A | B | undefined; error: unknown } {
  return id === 'new' ? { data: template.data, error: template.error } : { data: existing.data, error: existing.error };
}
