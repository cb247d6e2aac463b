import type { MenuItemState } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Drawer, NavLink, ScrollArea, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { HomeIcon } from '../../ui/icons.tsx';
import type { ScopeRef } from '../scope/scopePath.ts';
import { groupsContaining } from './menu.ts';
import { menuLabel } from './menuLabels.ts';

interface SideMenuProps {
  items: MenuItemState[];
  scope: ScopeRef;
  /** The current path inside the scope (`budget/forecast/details`), '' on the scope home. */
  activePath: string;
  onNavigate?: () => void;
}

/** The menu tree of domain `evaluateMenu`: nested NavLinks, disabled entries greyed, hidden ones left out. */
export function SideMenu({ items, scope, activePath, onNavigate }: SideMenuProps) {
  const { t, i18n } = useLingui();
  const [panel, setPanel] = useState<string | null>(null);
  const openGroups = new Set(groupsContaining(items, activePath));
  const params = { dept: scope.dept, year: String(scope.year) };

  function renderItems(list: MenuItemState[], depth: number) {
    return list
      .filter((item) => !item.hidden)
      .map((item) => {
        const label = menuLabel(i18n, item.key);
        const common = {
          label,
          disabled: !item.enabled,
          'data-menu-key': item.key,
          'data-enabled': item.enabled ? 'true' : 'false',
          styles: { label: { fontSize: depth === 0 ? 'var(--mantine-font-size-sm)' : '13px', lineHeight: 1.3 } },
          py: depth === 0 ? 6 : 4,
        } as const;
        if (item.children.length > 0) {
          return (
            <NavLink key={item.key} {...common} fw={depth === 0 ? 600 : 500} defaultOpened={openGroups.has(item.key)} childrenOffset={10}>
              {item.enabled ? renderItems(item.children, depth + 1) : null}
            </NavLink>
          );
        }
        if (item.panel) {
          return <NavLink key={item.key} {...common} component="button" onClick={() => setPanel(item.key)} />;
        }
        if (!item.enabled || item.path === undefined) {
          return <NavLink key={item.key} {...common} component="button" />;
        }
        const path = item.path;
        return (
          <NavLink
            key={item.key}
            {...common}
            active={activePath === path}
            renderRoot={(props) => <Link {...props} to="/dept/$dept/year/$year/$" params={{ ...params, _splat: path }} activeOptions={{ exact: true }} onClick={onNavigate} />}
          />
        );
      });
  }

  return (
    <>
      <ScrollArea type="auto" style={{ flex: 1 }} data-testid="side-menu">
        <NavLink
          label={t`Übersicht`}
          leftSection={<HomeIcon size={16} />}
          active={activePath === ''}
          fw={600}
          py={6}
          renderRoot={(props) => <Link {...props} to="/dept/$dept/year/$year" params={params} activeOptions={{ exact: true }} onClick={onNavigate} />}
        />
        {renderItems(items, 0)}
      </ScrollArea>
      <Drawer opened={panel !== null} onClose={() => setPanel(null)} position="right" size="md" title={panel ? menuLabel(i18n, panel) : ''}>
        <Text size="sm" c="dimmed">
          {t`Diese Funktion ist noch nicht verfügbar.`}
        </Text>
      </Drawer>
    </>
  );
}
