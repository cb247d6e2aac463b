import { useLingui } from '@lingui/react/macro';
import { TextInput, type TextInputProps } from '@mantine/core';
import { formatDate, readDateText } from './date.ts';
import { useTypedText, withOwnHandlers } from './typedText.ts';

export interface DateInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** `YYYY-MM-DD`, null when empty. */
  value: string | null;
  onChange: (iso: string | null) => void;
}

/**
 * Date field accepting `DD.MM.YYYY` and `DD.MM.YY`; the value is `YYYY-MM-DD`. A typed date is handed
 * on as soon as it is one (every save sees it); text that is no date blocks the save (`typedFieldsValid`).
 */
export function DateInput({ value, onChange, onBlur, onFocus, onMouseDown, onMouseUp, error, placeholder, ...rest }: DateInputProps) {
  const { t } = useLingui();
  const { ref, text, invalid, handlers } = useTypedText({ value, onChange, read: readDateText, display: formatDate });

  return (
    <TextInput
      {...rest}
      autoComplete="off"
      ref={ref}
      value={text}
      placeholder={placeholder ?? t`TT.MM.JJJJ`}
      error={invalid ? t`Ungültiges Datum` : error}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
      {...withOwnHandlers(handlers, { onMouseDown, onMouseUp, onFocus, onBlur })}
    />
  );
}
