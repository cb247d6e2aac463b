import type { Language } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { SegmentedControl } from '@mantine/core';

/** DE / IT switch; the caller decides what a change means (sign-in screen vs. signed-in user). */
export function LanguageSwitch({ onChange, size = 'xs' }: { onChange: (language: Language) => void; size?: 'xs' | 'sm' }) {
  const { i18n, t } = useLingui();
  return (
    <SegmentedControl
      size={size}
      aria-label={t`Sprache`}
      data-testid="language-switch"
      value={i18n.locale}
      onChange={(value) => onChange(value === 'it' ? 'it' : 'de')}
      data={[
        { value: 'de', label: 'DE' },
        { value: 'it', label: 'IT' },
      ]}
    />
  );
}
