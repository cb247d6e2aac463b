/**
 * SupplierPicker — chooses a supplier of a department (spec 2 §2/§4/§9), e.g. in bookings.
 * Typing searches by code (digits) or by search key/name from 3 characters, 300 ms after the last
 * key stroke (suppliers.search, page size 1000); a single exact match (code or search key) is taken
 * at once; otherwise pick from the dropdown (arrows + Enter). The "…" button opens a dialog with a
 * paged list of 20 and a filter ("Neu" is disabled there, as in every picker dialog).
 *
 *   <SupplierPicker departmentId={department.id} value={supplier} onChange={setSupplier} label={t`Lieferant`} />
 */
import type { SupplierBrief } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Combobox, Group, Loader, Modal, Text, TextInput, Tooltip, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { trpc } from '../lib/trpc.ts';
import { DataTable } from './DataTable.tsx';

export const SUPPLIER_SEARCH_MIN = 3;
export const SUPPLIER_SEARCH_DEBOUNCE_MS = 300;
export const SUPPLIER_AUTOCOMPLETE_PAGE = 1000;
export const SUPPLIER_DIALOG_PAGE = 20;

/** May the text be searched (digits: a code; otherwise at least 3 characters)? */
export function isSupplierSearch(text: string): boolean {
  const s = text.trim();
  return /^[0-9]+$/.test(s) || s.length >= SUPPLIER_SEARCH_MIN;
}

/** The single supplier whose code or search key is exactly the text, else null. */
export function exactSupplierMatch<T extends Pick<SupplierBrief, 'code' | 'searchKey'>>(text: string, found: readonly T[]): T | null {
  const s = text.trim().toUpperCase();
  const exact = found.filter((f) => String(f.code) === s || f.searchKey.toUpperCase() === s);
  return exact.length === 1 ? (exact[0] ?? null) : null;
}

export function supplierText(s: Pick<SupplierBrief, 'code' | 'searchKey' | 'name1'>): string {
  return `${s.code} ${s.searchKey} – ${s.name1}`;
}

export interface SupplierPickerProps {
  departmentId: number;
  value: SupplierBrief | null;
  onChange: (supplier: SupplierBrief | null) => void;
  label?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  includeInactive?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  name?: string;
}

export function SupplierPicker({
  departmentId,
  value,
  onChange,
  label,
  error,
  required,
  includeInactive = false,
  autoFocus,
  disabled,
  name = 'supplier',
}: SupplierPickerProps) {
  const { t, i18n } = useLingui();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [typing, setTyping] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [debounced] = useDebouncedValue(text, SUPPLIER_SEARCH_DEBOUNCE_MS);
  const language = i18n.locale === 'it' ? 'it' : 'de';
  const searching = typing && isSupplierSearch(debounced);
  const query = useQuery({
    ...trpc.suppliers.search.queryOptions({ departmentId, search: debounced.trim(), language, includeInactive, page: 1, pageSize: SUPPLIER_AUTOCOMPLETE_PAGE }),
    enabled: searching && !disabled,
  });
  const found = searching ? (query.data?.entities ?? []) : [];
  const lastAuto = useRef<string | null>(null);

  // while typing the typed text shows, otherwise the chosen supplier (also one set from outside)
  const shown = typing ? text : value ? supplierText(value) : '';

  function choose(supplier: SupplierBrief | null) {
    setTyping(false);
    setText(supplier ? supplierText(supplier) : '');
    combobox.closeDropdown();
    onChange(supplier);
  }

  // a single exact match is taken automatically
  useEffect(() => {
    if (!searching || !query.data) return;
    const exact = exactSupplierMatch(debounced, query.data.entities);
    if (exact && lastAuto.current !== debounced) {
      lastAuto.current = debounced;
      choose(exact);
    } else if (query.data.entities.length > 0) combobox.openDropdown();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data, debounced, searching]);

  return (
    <>
      <Combobox store={combobox} onOptionSubmit={(id) => choose(found.find((f) => String(f.id) === id) ?? null)} withinPortal>
        <Combobox.Target>
          <TextInput
            label={label}
            error={error}
            withAsterisk={required}
            name={name}
            autoFocus={autoFocus}
            disabled={disabled}
            autoComplete="off"
            placeholder={t`Nummer oder Suchbegriff`}
            value={shown}
            data-testid="supplier-picker"
            onChange={(event) => {
              setText(event.currentTarget.value);
              setTyping(true);
              lastAuto.current = null;
              if (value) onChange(null);
            }}
            onFocus={(event) => event.currentTarget.select()}
            onBlur={() => combobox.closeDropdown()}
            rightSectionWidth={56}
            rightSection={
              <Group gap={2} wrap="nowrap">
                {query.isFetching && searching ? <Loader size={12} /> : null}
                <Tooltip label={t`Lieferant suchen`}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    onClick={() => setDialog(true)}
                    aria-label={t`Lieferant suchen`}
                    disabled={disabled}
                    data-testid="supplier-picker-dialog"
                  >
                    …
                  </ActionIcon>
                </Tooltip>
              </Group>
            }
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={found.length === 0}>
          <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
            {found.map((s) => (
              <Combobox.Option value={String(s.id)} key={s.id}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" ff="monospace" w={56} ta="right">
                    {s.code}
                  </Text>
                  <Text size="sm" fw={500} w={120} truncate>
                    {s.searchKey}
                  </Text>
                  <Text size="sm" truncate>
                    {s.name1}
                    {s.location ? ` (${s.location})` : ''}
                  </Text>
                </Group>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <SupplierDialog
        opened={dialog}
        departmentId={departmentId}
        includeInactive={includeInactive}
        onClose={() => setDialog(false)}
        onPick={(s) => {
          setDialog(false);
          choose(s);
        }}
      />
    </>
  );
}

/** The picker dialog: filter (code, or search key/name from 3 characters), pages of 20; "Neu" disabled. */
function SupplierDialog({
  opened,
  departmentId,
  includeInactive,
  onClose,
  onPick,
}: {
  opened: boolean;
  departmentId: number;
  includeInactive: boolean;
  onClose: () => void;
  onPick: (supplier: SupplierBrief) => void;
}) {
  const { t, i18n } = useLingui();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(filter, SUPPLIER_SEARCH_DEBOUNCE_MS);
  const language = i18n.locale === 'it' ? 'it' : 'de';
  const search = debounced.trim();
  const bySearch = search !== '' && isSupplierSearch(search);
  const searchQuery = useQuery({
    ...trpc.suppliers.search.queryOptions({ departmentId, search, language, includeInactive, page, pageSize: SUPPLIER_DIALOG_PAGE }),
    enabled: opened && bySearch,
    placeholderData: keepPreviousData,
  });
  const listQuery = useQuery({
    ...trpc.suppliers.briefs.queryOptions({ departmentId, page, pageSize: SUPPLIER_DIALOG_PAGE, ...(includeInactive ? {} : { active: true }) }),
    enabled: opened && !bySearch,
    placeholderData: keepPreviousData,
  });
  const data = bySearch ? searchQuery.data : listQuery.data;

  return (
    <Modal opened={opened} onClose={onClose} title={t`Lieferant suchen`} size="xl" data-testid="supplier-dialog">
      <Group gap="sm" align="flex-end" mb="sm" justify="space-between">
        <TextInput
          size="sm"
          w={300}
          label={t`Nummer oder Suchbegriff`}
          value={filter}
          data-autofocus
          data-testid="supplier-dialog-filter"
          onChange={(event) => {
            setFilter(event.currentTarget.value);
            setPage(1);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              event.currentTarget.closest('.mantine-Modal-body')?.querySelector<HTMLElement>('tr[data-row]')?.focus();
            }
          }}
        />
        <Button size="sm" disabled>
          <Trans>Neu</Trans>
        </Button>
      </Group>
      <DataTable
        columns={[
          { key: 'code', header: t`Nummer`, width: 80, align: 'right', render: (s) => s.code },
          { key: 'searchKey', header: t`Suchbegriff`, width: 140, render: (s) => s.searchKey },
          { key: 'name', header: t`Name`, render: (s) => s.name1 },
          { key: 'location', header: t`Ort`, width: 140, render: (s) => s.location },
        ]}
        rows={data?.entities}
        total={data?.total}
        page={page}
        pageSize={SUPPLIER_DIALOG_PAGE}
        onPageChange={setPage}
        rowKey={(s) => s.id}
        onRowClick={onPick}
        loading={searchQuery.isFetching || listQuery.isFetching}
        emptyText={t`Keine Lieferanten gefunden.`}
      />
    </Modal>
  );
}
