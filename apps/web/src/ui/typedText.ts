/**
 * Typed fields (amounts, dates): the text a user types is the truth, on every way of saving.
 *
 * - Every keystroke that makes a valid value hands it to the form at once (`onChange`), so a save by
 *   shortcut, by button, or leaving by the menu sees what the focused field shows — nothing waits
 *   for a blur.
 * - Text that is not a value (yet) stays in the field; `typedFieldsValid()`, which every save path
 *   calls first, shows the field's own message, focuses it and refuses the save. A submit of the
 *   field's own form is stopped the same way, so form-based screens are covered without a call.
 * - Leaving the field shows the formatted value, or the message when the text is not a value.
 */
import { type ChangeEvent, type FocusEvent, type MouseEvent, useEffect, useRef, useState } from 'react';

export interface TypedRead<T> {
  value: T | null;
  /** What the field shows after leaving it (the formatted value, or the typed text when invalid). */
  text: string;
  invalid: boolean;
}

interface Registered {
  input: HTMLInputElement | null;
  /** The field's current text is not a value. */
  invalid: () => boolean;
  /** Shows the field's message. */
  reveal: () => void;
}

const registered = new Set<Registered>();

/**
 * Call first on every save path: answers false (and shows the message on the field and focuses it)
 * while a typed field on the screen holds text that is not a value. Pass `root` to check only the
 * fields inside it.
 */
export function typedFieldsValid(root?: Element | null): boolean {
  let first: HTMLInputElement | null = null;
  for (const field of registered) {
    const input = field.input;
    if (!input?.isConnected || (root && !root.contains(input)) || !field.invalid()) continue;
    field.reveal();
    first ??= input;
  }
  if (first && document.activeElement !== first) first.focus();
  return first === null;
}

/** Some typed field on the screen holds text that is not a value (leaving would lose it). */
export function hasInvalidTypedText(): boolean {
  for (const field of registered) if (field.input?.isConnected && field.invalid()) return true;
  return false;
}

export interface TypedTextOptions<T> {
  value: T | null;
  onChange: (value: T | null) => void;
  /** Reads a text: the value, the formatted text, or invalid. */
  read: (text: string) => TypedRead<T>;
  /** What the field shows while not edited. */
  display: (value: T | null) => string;
  /** What the field shows while edited (defaults to `display`). */
  editText?: (value: T | null) => string;
  /** Select the whole text on focus, also when focused by a mouse click (typing replaces it). */
  selectOnFocus?: boolean;
}

/**
 * The behaviour of a typed field: give a TextInput `ref`, `text` (its value) and the `handlers`
 * (merge your own handlers: call the returned ones first). `invalid`: show the field's message.
 */
export function useTypedText<T>({ value, onChange, read, display, editText = display, selectOnFocus = false }: TypedTextOptions<T>) {
  // The typed text while editing (or while it is not a value); `shown`: the message is visible.
  const [draft, setDraft] = useState<{ text: string; shown: boolean } | null>(null);
  const ref = useRef<HTMLInputElement | null>(null);
  const mouseFocus = useRef(false);
  // the whole text was selected by the previous click: the next click places the caret
  const selectedByClick = useRef(false);
  // a value set from outside (a reload after a save, a reset) replaces a typed text that reads as another value,
  // also while the field is focused: the field never shows one thing while the form holds another (leaving it would
  // then hand the stale text on as a change). A text that is no value yet stays (typing is never lost).
  const [seenValue, setSeenValue] = useState(value);
  if (!Object.is(seenValue, value)) {
    setSeenValue(value);
    // a draft without its message is the text of the focused field (blur drops it, or shows the message)
    if (draft && !draft.shown) {
      const typed = read(draft.text);
      if (!typed.invalid && !Object.is(typed.value, value)) setDraft({ text: editText(value), shown: false });
    }
  }
  useEffect(() => {
    const entry: Registered = {
      get input() {
        return ref.current;
      },
      invalid: () => (ref.current ? read(ref.current.value).invalid : false),
      reveal: () => setDraft({ text: ref.current?.value ?? '', shown: true }),
    };
    registered.add(entry);
    // any submit of the field's form (Save button, Enter, Ctrl+Enter) stops here while the text is
    // no value: React's onSubmit (dispatched from the root) never sees it
    const form = ref.current?.form ?? null;
    const onSubmit = (event: Event) => {
      if (!entry.invalid()) return;
      event.preventDefault();
      event.stopPropagation();
      entry.reveal();
      ref.current?.focus();
    };
    form?.addEventListener('submit', onSubmit);
    return () => {
      registered.delete(entry);
      form?.removeEventListener('submit', onSubmit);
    };
  }, [read]);

  return {
    ref,
    invalid: draft?.shown === true,
    text: draft ? draft.text : display(value),
    handlers: {
      onMouseDown: (event: MouseEvent<HTMLInputElement>) => {
        // a click that focuses the field, or lands on a field whose whole text is still selected (focused
        // by Tab, Enter or a new row), selects the whole text; the click after that places the caret
        const el = event.currentTarget;
        const allSelected = el.value.length > 0 && el.selectionStart === 0 && el.selectionEnd === el.value.length;
        const again = selectedByClick.current;
        selectedByClick.current = false;
        mouseFocus.current = selectOnFocus && (document.activeElement !== el || (allSelected && !again));
      },
      onMouseUp: (event: MouseEvent<HTMLInputElement>) => {
        // the click's caret placement follows the focus: select again once it is done
        if (!mouseFocus.current) return;
        mouseFocus.current = false;
        event.preventDefault();
        event.currentTarget.select();
        selectedByClick.current = true;
      },
      onFocus: (event: FocusEvent<HTMLInputElement>) => {
        const el = event.currentTarget;
        if (!draft) {
          // show the edit text at once (the re-render finds the same text, so the selection stays)
          const text = editText(value);
          el.value = text;
          setDraft({ text, shown: false });
        }
        if (selectOnFocus) el.select();
      },
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const text = event.currentTarget.value;
        selectedByClick.current = false;
        setDraft({ text, shown: false });
        const typed = read(text);
        if (!typed.invalid && typed.value !== value) onChange(typed.value);
      },
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        selectedByClick.current = false;
        const typed = read(event.currentTarget.value);
        if (typed.invalid) setDraft({ text: typed.text, shown: true });
        else {
          setDraft(null);
          if (typed.value !== value) onChange(typed.value);
        }
      },
    },
  };
}

type TypedHandlers = ReturnType<typeof useTypedText>['handlers'];

/** The caller's own handlers of a typed field (AmountInput, DateInput pass theirs through). */
export interface OwnFieldHandlers {
  onMouseDown?: ((event: MouseEvent<HTMLInputElement>) => void) | undefined;
  onMouseUp?: ((event: MouseEvent<HTMLInputElement>) => void) | undefined;
  onFocus?: ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
  onBlur?: ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
}

/** The TextInput handlers of a typed field: useTypedText's first, then the caller's own. */
export function withOwnHandlers(handlers: TypedHandlers, own: OwnFieldHandlers) {
  return {
    onMouseDown: (event: MouseEvent<HTMLInputElement>) => {
      handlers.onMouseDown(event);
      own.onMouseDown?.(event);
    },
    onMouseUp: (event: MouseEvent<HTMLInputElement>) => {
      handlers.onMouseUp(event);
      own.onMouseUp?.(event);
    },
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      handlers.onFocus(event);
      own.onFocus?.(event);
    },
    onChange: handlers.onChange,
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      handlers.onBlur(event);
      own.onBlur?.(event);
    },
  };
}
