import type { MenuItemState } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Box, Group, NavLink, ScrollArea, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { HomeIcon } from '../../ui/icons.tsx';
import { useDigestPanels } from '../digests/DigestPanels.tsx';
import type { ScopeRef } from '../scope/scopePath.ts';
import { groupsContaining, isBuilt, useBuiltMenuPaths } from './menu.ts';
import { menuLabel, menuReasonLabels, notBuiltLabels } from './menuLabels.ts';

interface SideMenuProps {
  items: MenuItemState[];
  scope: ScopeRef;
  /** The current path inside the scope (`budget/forecast/details`), '' on the scope home. */
  activePath: string;
  onNavigate?: () => void;
}

/**
 * The menu tree of domain `evaluateMenu`: nested NavLinks, disabled entries greyed with their reason
 * in a tooltip, hidden ones left out; entries whose screen is not built yet (route tree) carry a
 * small tag and say so in a tooltip.
 */
export function SideMenu({ items, scope, activePath, onNavigate }: SideMenuProps) {
  const { t, i18n } = useLingui();
  const panels = useDigestPanels();
  const openGroups = new Set(groupsContaining(items, activePath));
  const params = { dept: scope.dept, year: String(scope.year) };

  const built = useBuiltMenuPaths();

  /** A tooltip around an entry (a wrapper, so a disabled entry, which takes no pointer events, still shows it). */
  function withTip(key: string, tip: string | null, node: ReactNode) {
    if (!tip) return node;
    return (
      <Tooltip key={key} label={tip} position="right" withArrow openDelay={250} multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
        <Box data-menu-tip={key}>{node}</Box>
      </Tooltip>
    );
  }

  function renderItems(list: MenuItemState[], depth: number) {
    return list
      .filter((item) => !item.hidden)
      .map((item) => {
        const notBuilt = !isBuilt(item, built);
        const text = menuLabel(i18n, item.key);
        const isGroup = item.children.length > 0;
        // the tag marks a screen not built yet; groups have no screen of their own (their entries carry it)
        const tagged = notBuilt && !isGroup;
        const label = tagged ? (
          <Group gap={4} wrap="nowrap" justify="space-between">
            <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{text}</span>
            <Badge
              size="xs"
              variant="light"
              color="gray"
              radius="sm"
              px={4}
              styles={{ root: { flexShrink: 0, height: 15 }, label: { textTransform: 'none', fontWeight: 500, fontSize: 9.5, letterSpacing: 0 } }}
              data-testid="menu-not-built"
            >
              {i18n._(notBuiltLabels.tag)}
            </Badge>
          </Group>
        ) : (
          text
        );
        const tip = !item.enabled && item.reason ? i18n._(menuReasonLabels[item.reason]) : tagged ? i18n._(notBuiltLabels.tooltip) : null;
        const common = {
          label,
          disabled: !item.enabled,
          'data-menu-key': item.key,
          'data-enabled': item.enabled ? 'true' : 'false',
          'data-built': notBuilt ? 'false' : 'true',
          'data-leaf': isGroup ? undefined : 'true',
          'aria-disabled': item.enabled ? undefined : true,
          // body as a flex row: every entry as tall as its label (tagged or not), dense like the tables
          styles: {
            body: { display: 'flex', alignItems: 'center', minWidth: 0 },
            label: { flex: 1, minWidth: 0, fontSize: depth === 0 ? 'var(--mantine-font-size-sm)' : '13px', lineHeight: 1.3 },
          },
          py: depth === 0 ? 6 : 4,
        } as const;
        if (isGroup) {
          const group = (
            <NavLink key={item.key} {...common} fw={depth === 0 ? 600 : 500} defaultOpened={openGroups.has(item.key)} childrenOffset={10}>
              {item.enabled ? renderItems(item.children, depth + 1) : null}
            </NavLink>
          );
          // an open group's children say for themselves; a disabled group says why on its own line
          return item.enabled ? group : withTip(item.key, tip, group);
        }
        if (item.panel) {
          const panel = item.panel;
          return withTip(
            item.key,
            tip,
            <NavLink
              key={item.key}
              {...common}
              component="button"
              onClick={() => {
                if (panels.open !== panel) panels.toggle(panel);
                onNavigate?.();
              }}
            />,
          );
        }
        if (!item.enabled || item.path === undefined) {
          return withTip(item.key, tip, <NavLink key={item.key} {...common} component="button" />);
        }
        const path = item.path;
        return withTip(
          item.key,
          tip,
          <NavLink
            key={item.key}
            {...common}
            active={activePath === path}
            renderRoot={(props) => (
              <Link {...props} to="/dept/$dept/year/$year/$" params={{ ...params, _splat: path }} activeOptions={{ exact: true }} onClick={onNavigate} />
            )}
          />,
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
    </>
  );
}
