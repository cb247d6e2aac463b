/**
 * The digest drawer (DigestPanels.tsx opens it): the three online lists in one drawer from the right, loaded at the
 * first opening.
 */
import { useLingui } from '@lingui/react/macro';
import { Box, Drawer, Group, Kbd, SegmentedControl } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CashJournalPanel } from './CashJournalPanel.tsx';
import { ChapterDigestPanel } from './ChapterDigestPanel.tsx';
import { digestPanelLabels } from './labels.ts';
import { type DigestPanel, digestPanels, shortcutDigit } from './panels.ts';
import { SupplierDigestPanel } from './SupplierDigestPanel.tsx';
import type { ChapterPreset, DigestScope, OpenRecord } from './types.ts';

/** The field each panel opens in: the account, the chapter code, the supplier. */
const focusField: Record<DigestPanel, string> = {
  cashJournal: 'digest-account',
  chapterDigest: 'digest-chapter-code',
  supplierDigest: 'supplier-picker',
};

/** The drawer; a panel mounts when first opened and then stays (hidden) with its choices. */
export function DigestDrawer({
  scope,
  open,
  onClose,
  onSwitch,
  chapterPreset,
}: {
  scope: DigestScope;
  open: DigestPanel | null;
  onClose: () => void;
  onSwitch: (panel: DigestPanel) => void;
  chapterPreset: ChapterPreset | null;
}) {
  const navigate = useNavigate();
  const [mounted, setMounted] = useState<ReadonlySet<DigestPanel>>(new Set());
  // one year for the three panels (first the scope's): the cashier looks at one year at a time
  const [year, setYear] = useState(scope.year);
  const panelScope = { ...scope, year };
  // remembered while rendering (not in an effect): the panel opened the first time stays mounted
  if (open && !mounted.has(open)) setMounted(new Set([...mounted, open]));

  // the panel's first field takes the focus once the drawer is in (after Mantine's focus trap)
  useEffect(() => {
    if (!open) return undefined;
    const timer = setTimeout(() => document.querySelector<HTMLElement>(`[data-testid="digest-${open}"] [data-testid="${focusField[open]}"]`)?.focus(), 60);
    return () => clearTimeout(timer);
  }, [open]);

  // Escape closes the drawer only from within it: not when a picker dialog over it (F4, "…") or an
  // open dropdown takes that Escape (Mantine's own Escape would close both at once)
  useEffect(() => {
    if (!open) return undefined;
    function onKey(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      const drawer = document.querySelector('[data-testid="digest-drawer"]');
      const inDrawer = target === document.body || (target !== null && drawer?.contains(target) === true);
      if (inDrawer && target?.getAttribute('aria-expanded') !== 'true') onClose();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const openRecord: OpenRecord = (href) => {
    onClose();
    void navigate({ href });
  };

  const shown = (panel: DigestPanel) =>
    (mounted.has(panel) || open === panel) && (
      <Box key={panel} hidden={open !== panel} data-testid={`digest-${panel}`}>
        {panel === 'cashJournal' ? (
          <CashJournalPanel scope={panelScope} onYear={setYear} openRecord={openRecord} active={open === panel} />
        ) : panel === 'chapterDigest' ? (
          <ChapterDigestPanel scope={panelScope} onYear={setYear} openRecord={openRecord} active={open === panel} preset={chapterPreset} />
        ) : (
          <SupplierDigestPanel scope={panelScope} onYear={setYear} openRecord={openRecord} active={open === panel} />
        )}
      </Box>
    );

  return (
    <Drawer
      opened={open !== null}
      onClose={onClose}
      position="right"
      size="min(1240px, 92vw)"
      keepMounted
      closeOnEscape={false}
      data-testid="digest-drawer"
      title={open ? <PanelSwitch open={open} onSwitch={onSwitch} /> : null}
      styles={{ body: { paddingTop: 0 } }}
    >
      {shown('cashJournal')}
      {shown('chapterDigest')}
      {shown('supplierDigest')}
    </Drawer>
  );
}

/** The drawer's title: the three lists to switch between, and the open one's shortcut. */
function PanelSwitch({ open, onSwitch }: { open: DigestPanel; onSwitch: (panel: DigestPanel) => void }) {
  const { i18n } = useLingui();
  return (
    <Group gap="md" wrap="nowrap">
      <SegmentedControl
        size="sm"
        value={open}
        data-testid="digest-switch"
        onChange={(value) => {
          const panel = digestPanels.find((p) => p === value);
          if (panel && panel !== open) onSwitch(panel);
        }}
        data={digestPanels.map((p) => ({ value: p, label: i18n._(digestPanelLabels[p]) }))}
      />
      <ShortcutHint panel={open} />
    </Group>
  );
}

/** "Alt + Umschalt + 1" as keys. */
export function ShortcutHint({ panel }: { panel: DigestPanel }) {
  const { t } = useLingui();
  return (
    <Group gap={2} wrap="nowrap" c="dimmed" aria-hidden>
      <Kbd size="xs">Alt</Kbd>+<Kbd size="xs">{t`Umschalt`}</Kbd>+<Kbd size="xs">{shortcutDigit(panel)}</Kbd>
    </Group>
  );
}
