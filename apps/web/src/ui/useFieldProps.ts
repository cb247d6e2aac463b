/**
 * useFieldProps — wires an input to an editor form in one spread: translated label from the
 * form's FieldLabels (the same labels name a field in server errors), `name` (= path, for tests
 * and autofill), value/onChange/onBlur/error from @mantine/form.
 *
 *   const field = useFieldProps(editor.form, labels);
 *   <TextInput {...field('name1')} />   <Checkbox {...field('isInactive', 'checkbox')} />
 */
import { useLingui } from '@lingui/react/macro';
import type { UseFormReturnType } from '@mantine/form';
import type { FieldLabels } from './fieldMessages.ts';

export function useFieldProps<V>(form: UseFormReturnType<V>, labels: FieldLabels) {
  const { i18n } = useLingui();
  return (path: string, type: 'input' | 'checkbox' = 'input') => {
    const descriptor = labels[path];
    return {
      label: descriptor ? i18n._(descriptor) : path,
      name: path,
      ...form.getInputProps(path as never, { type }),
    };
  };
}
