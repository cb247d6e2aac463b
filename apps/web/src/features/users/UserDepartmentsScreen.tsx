import { type AccessLevel, formatDate, USER_LOOKUP_MAX, type UserDepartmentRow } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Checkbox, Group, Modal, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { RowFlag } from '../../ui/RowFlag.tsx';
import { DepartmentPicker } from '../../ui/DepartmentPicker.tsx';
import { MasterList } from '../../ui/MasterList.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useMasterList, useSearchUpdate } from '../../ui/useMasterList.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { accessLevelLabels } from './labels.ts';
import { userDepartmentFilterKeys, userDepartmentListInput, userDepartmentListQuery } from './queries.ts';

/** The department name of a link row in the UI language. */
export function linkDepartmentName(locale: string, r: Pick<UserDepartmentRow, 'deptCode' | 'name1Deu' | 'name2Deu' | 'name1Ita' | 'name2Ita'>): string {
  const name =
    locale === 'it'
      ? `${r.name1Ita} ${r.name2Ita}`.trim() || `${r.name1Deu} ${r.name2Deu}`
      : `${r.name1Deu} ${r.name2Deu}`.trim() || `${r.name1Ita} ${r.name2Ita}`;
  return `${r.deptCode} ${name.trim()}`;
}

/**
 * User-department links (menu `userDepartments`): filter by user name (prefix, at most 10
 * characters), department (with the departments below it) and "only this department"; "Neu"
 * links a user to a department; the bin removes a link (after confirmation).
 */
export function UserDepartmentsScreen() {
  const { t, i18n } = useLingui();
  const { department } = useScope();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const update = useSearchUpdate();
  const list = useMasterList(userDepartmentFilterKeys);
  const { dept, own } = userDepartmentListInput(search);
  const [creating, setCreating] = useState(false);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const query = useQuery({ ...userDepartmentListQuery({ department }, { ...list, dept, own }), placeholderData: keepPreviousData });

  async function remove(row: UserDepartmentRow) {
    const ok = await confirm({ title: t`Löschen`, children: t`Zuordnung von ${row.username} zu ${row.deptCode} löschen?`, danger: true });
    if (!ok) return;
    try {
      await trpcClient.admin.userDepartments.delete.mutate({ id: row.id, departmentId: department.id });
      await queryClient.invalidateQueries({ ...trpc.admin.pathFilter(), refetchType: 'all' });
      notifySuccess(t`Gelöscht`);
    } catch (error) {
      notifyError(errorText(i18n, error));
    }
  }

  return (
    <MenuScreenGate path="userDepartments">
      <MasterList
        title={t`Benutzer und Feuerwehren`}
        onNew={() => setCreating(true)}
        filters={
          <>
            <TextInput size="xs" w={150} label={t`Benutzername`} maxLength={USER_LOOKUP_MAX} {...list.filterProps('username')} />
            <DepartmentPicker
              size="xs"
              w={300}
              label={t`Feuerwehr`}
              scopeDepartmentId={department.id}
              value={dept}
              data-testid="filter-dept"
              onChange={(id) =>
                void update((prev) => ({ ...prev, dept: id ?? undefined, own: id ? prev['own'] : undefined, page: undefined }), { replace: true })
              }
            />
            <Checkbox
              size="xs"
              mb={6}
              label={t`Nur diese Feuerwehr`}
              disabled={dept === null}
              data-testid="filter-own"
              checked={own}
              onChange={(e) => void update((prev) => ({ ...prev, own: e.currentTarget.checked || undefined, page: undefined }), { replace: true })}
            />
          </>
        }
      >
        <DataTable
          testId="user-department-table"
          columns={[
            { key: 'username', header: t`Benutzername`, width: 150, render: (r) => r.username },
            { key: 'fullname', header: t`Vollständiger Name`, width: 200, render: (r) => r.userFullname },
            { key: 'dept', header: t`Feuerwehr`, render: (r) => linkDepartmentName(i18n.locale, r) },
            { key: 'level', header: t`Zugriffsstufe`, width: 120, render: (r) => i18n._(accessLevelLabels[r.accessLevel as Exclude<AccessLevel, -1>]) },
            { key: 'validUntil', header: t`Gültig bis`, width: 95, render: (r) => (r.validUntil ? formatDate(r.validUntil) : '') },
            {
              key: 'locked',
              header: '',
              width: 90,
              render: (r) => <RowFlag on={r.isLocked} color="red">{t`gesperrt`}</RowFlag>,
            },
            {
              key: 'remove',
              header: '',
              width: 44,
              align: 'center',
              render: (r) => (
                <Tooltip label={t`Zuordnung löschen`}>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={t`Zuordnung löschen`}
                    data-testid="link-remove"
                    onClick={(e) => {
                      e.stopPropagation();
                      void remove(r);
                    }}
                  >
                    ✕
                  </ActionIcon>
                </Tooltip>
              ),
            },
          ]}
          rows={query.data?.entities}
          total={query.data?.total}
          rowKey={(r) => r.id}
          rowDimmed={(r) => r.isLocked}
          page={list.page}
          pageSize={list.pageSize}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          loading={query.isFetching}
          emptyText={t`Keine Zuordnungen gefunden.`}
        />
      </MasterList>
      <CreateLink opened={creating} onClose={() => setCreating(false)} scopeDepartmentId={department.id} />
      {confirmElement}
    </MenuScreenGate>
  );
}

/** The "Neu" dialog: a user and a department, both required. */
function CreateLink({ opened, onClose, scopeDepartmentId }: { opened: boolean; onClose: () => void; scopeDepartmentId: number }) {
  const { t, i18n } = useLingui();
  const [userId, setUserId] = useState<number | null>(null);
  const [deptId, setDeptId] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const users = useQuery({ ...trpc.admin.users.list.queryOptions({ departmentId: scopeDepartmentId, page: 1, pageSize: 1000 }), enabled: opened });
  const required = t`Dieses Feld ist erforderlich`;

  function close() {
    setUserId(null);
    setDeptId(null);
    setTried(false);
    onClose();
  }

  async function save() {
    setTried(true);
    if (userId === null || deptId === null) return;
    setBusy(true);
    try {
      await trpcClient.admin.userDepartments.create.mutate({ userId, deptId, departmentId: scopeDepartmentId });
      await queryClient.invalidateQueries({ ...trpc.admin.pathFilter(), refetchType: 'all' });
      notifySuccess(t`Gespeichert`);
      close();
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={t`Benutzer einer Feuerwehr zuordnen`} size="md" data-testid="link-dialog">
      <Stack gap="sm">
        <Select
          label={t`Benutzer`}
          withAsterisk
          searchable
          data-autofocus
          data-testid="link-user"
          nothingFoundMessage={t`Keine Treffer`}
          value={userId === null ? null : String(userId)}
          onChange={(v) => setUserId(v ? Number(v) : null)}
          error={tried && userId === null ? required : undefined}
          data={(users.data?.entities ?? []).map((u) => ({ value: String(u.id), label: `${u.username} – ${u.fullname}` }))}
        />
        <DepartmentPicker
          label={t`Feuerwehr`}
          withAsterisk
          scopeDepartmentId={scopeDepartmentId}
          value={deptId}
          onChange={setDeptId}
          data-testid="link-dept"
          error={tried && deptId === null ? required : undefined}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={close}>
            <Trans>Abbrechen</Trans>
          </Button>
          <Button onClick={() => void save()} loading={busy} data-testid="link-save">
            <Trans>Speichern</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
