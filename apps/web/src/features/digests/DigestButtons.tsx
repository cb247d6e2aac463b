import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { CashBookIcon, ChapterListIcon, TruckIcon } from '../../ui/icons.tsx';
import { useDigestPanels } from './DigestPanels.tsx';
import { digestPanelLabels } from './labels.ts';
import { type DigestPanel, digestPanels, shortcutDigit } from './panels.ts';

const icons: Record<DigestPanel, ReactNode> = {
  cashJournal: <CashBookIcon size={18} />,
  chapterDigest: <ChapterListIcon size={18} />,
  supplierDigest: <TruckIcon size={18} />,
};

/** The top bar's buttons of the online lists: one click opens (or closes) a panel; the tooltip names the shortcut. */
export function DigestButtons() {
  const { t, i18n } = useLingui();
  const panels = useDigestPanels();
  if (!panels.available) return null;
  return (
    <ActionIcon.Group>
      {digestPanels.map((panel) => {
        const label = `${i18n._(digestPanelLabels[panel])} (${t`Alt+Umschalt+${shortcutDigit(panel)}`})`;
        const open = panels.open === panel;
        return (
          <Tooltip key={panel} label={label}>
            <ActionIcon
              variant={open ? 'filled' : 'default'}
              size="md"
              aria-label={label}
              aria-pressed={open}
              data-testid={`digest-open-${panel}`}
              onClick={() => panels.toggle(panel)}
            >
              {icons[panel]}
            </ActionIcon>
          </Tooltip>
        );
      })}
    </ActionIcon.Group>
  );
}
