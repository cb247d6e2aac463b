import { useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';

/**
 * The Save button of a form on useDraftForm: names the shortcut (Ctrl+Enter saves from any field),
 * spins while saving; `type="submit"` inside a form, else it calls `onSave`.
 */
export function SaveButton({
  onSave,
  saving,
  disabled = false,
  submit = false,
  testId,
}: {
  onSave?: () => void;
  saving: boolean;
  disabled?: boolean;
  submit?: boolean;
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <Button type={submit ? 'submit' : 'button'} onClick={onSave} loading={saving} disabled={disabled} title={t`Speichern (Strg+Enter)`} data-testid={testId}>
      {t`Speichern`}
    </Button>
  );
}
