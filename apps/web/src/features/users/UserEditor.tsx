import { AccessLevel, UserCreateInput, UserUpdateInput } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Grid, MultiSelect, PasswordInput, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { DateInput } from '../../ui/DateInput.tsx';
import { EditorShell, FormSection } from '../../ui/EditorShell.tsx';
import type { EditorId } from '../../ui/listState.ts';
import { pickLoaded, useEntityEditor } from '../../ui/useEntityEditor.ts';
import { useFieldProps } from '../../ui/useFieldProps.ts';
import { TextCol } from '../../ui/TextCol.tsx';
import { useRequiredAuth } from '../../lib/session.ts';
import { useScope } from '../scope/useScope.ts';
import { accessLevelLabels, languageLabels, userLabels } from './labels.ts';
import { useDepartmentOptions } from './useDepartmentOptions.ts';

type Level = Exclude<AccessLevel, -1>;

interface UserValues extends Record<string, unknown> {
  username: string;
  password: string;
  passwordRepeat: string;
  mustChangePassword: boolean;
  fullname: string;
  accessLevel: Level;
  locked: boolean;
  validUntil: string | null;
  language: 'de' | 'it';
  mainDepartmentId: number | null;
  departmentIds: number[];
}

/** The checks of the form on top of the schema: repeated password, departments (spec 2 §5). */
export function userFormErrors(
  v: Pick<UserValues, 'password' | 'passwordRepeat' | 'accessLevel' | 'departmentIds' | 'mainDepartmentId'>,
  texts: { repeat: string; department: string; main: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if ((v.password || v.passwordRepeat) && v.password !== v.passwordRepeat) errors['passwordRepeat'] = texts.repeat;
  if (v.accessLevel !== AccessLevel.Supervisor && v.departmentIds.length === 0) errors['departmentIds'] = texts.department;
  if (v.mainDepartmentId !== null && v.accessLevel !== AccessLevel.Supervisor && !v.departmentIds.includes(v.mainDepartmentId))
    errors['mainDepartmentId'] = texts.main;
  return errors;
}

/** One user: name, password (new users: required; existing: empty keeps it), access level, lock, validity, language, departments. */
export function UserEditor({ id }: { id: EditorId }) {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department } = useScope();
  const deptId = department.id;
  const existing = useQuery({ ...trpc.admin.users.get.queryOptions({ id: id === 'new' ? 0 : id, departmentId: deptId }), enabled: id !== 'new' });
  const template = useQuery({ ...trpc.admin.users.template.queryOptions({ departmentId: deptId }), enabled: id === 'new' });
  const isNew = id === 'new';
  const editor = useEntityEditor({
    id,
    loaded: pickLoaded(id, existing, template),
    toValues: (e): UserValues => ({
      username: e.username,
      password: '',
      passwordRepeat: '',
      mustChangePassword: e.mustChangePassword,
      fullname: e.fullname,
      accessLevel: e.accessLevel,
      locked: e.locked,
      validUntil: e.validUntil,
      language: e.language,
      mainDepartmentId: e.mainDepartmentId,
      departmentIds: e.departmentIds,
    }),
    schema: isNew ? UserCreateInput : UserUpdateInput.omit({ id: true }),
    toInput: (v) => (isNew || v.password !== '' ? v : { ...v, password: undefined, passwordRepeat: undefined }),
    extraErrors: (v) =>
      userFormErrors(v, {
        repeat: t`Die Passwortwiederholung stimmt nicht überein.`,
        department: t`Bitte mindestens eine Feuerwehr wählen.`,
        main: t`Die Hauptfeuerwehr muss eine der Feuerwehren sein.`,
      }),
    labels: userLabels,
    save: (input, userId) =>
      userId === null
        ? trpcClient.admin.users.create.mutate({ ...(input as UserCreateInput), departmentId: deptId })
        : trpcClient.admin.users.update.mutate({ ...(input as Omit<UserUpdateInput, 'id'>), id: userId, departmentId: deptId }),
    remove: (userId) => trpcClient.admin.users.delete.mutate({ id: userId, departmentId: deptId }),
    invalidate: () => queryClient.invalidateQueries({ ...trpc.admin.pathFilter(), refetchType: 'all' }),
  });
  const field = useFieldProps(editor.form, userLabels);
  const v = editor.form.values;
  const departmentOptions = useDepartmentOptions(deptId);
  const chosen = departmentOptions.filter((o) => (v.departmentIds ?? []).includes(Number(o.value)));
  const levels: Level[] = auth.accessLevel === AccessLevel.Supervisor ? [2, 1, 0, 3] : [2, 1, 0];
  const self = !isNew && editor.entity !== undefined && 'id' in editor.entity && editor.entity.id === auth.userId;

  const depField = field('departmentIds');
  const mainField = field('mainDepartmentId');
  const validField = field('validUntil');

  return (
    <EditorShell
      title={isNew ? t`Neuer Benutzer` : t`Benutzer ${v.username ?? ''}`}
      subtitle={isNew ? undefined : v.fullname}
      editor={editor}
      noDelete={self}
      maw={900}
    >
      <FormSection>
        <Grid gap="xs" align="flex-start">
          <TextCol span={{ base: 12, sm: 4 }} {...field('username')} withAsterisk maxLength={20} autoComplete="off" />
          <TextCol span={{ base: 12, sm: 8 }} {...field('fullname')} withAsterisk maxLength={50} />
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <PasswordInput
              size="sm"
              {...field('password')}
              withAsterisk={isNew}
              maxLength={20}
              autoComplete="new-password"
              description={isNew ? undefined : t`Leer lassen, um das Passwort zu behalten`}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <PasswordInput
              size="sm"
              {...field('passwordRepeat')}
              withAsterisk={isNew}
              maxLength={20}
              autoComplete="new-password"
              description={isNew ? undefined : ' '}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }} pt={isNew ? 32 : 50}>
            <Checkbox size="sm" {...field('mustChangePassword', 'checkbox')} />
          </Grid.Col>
        </Grid>
      </FormSection>
      <FormSection title={t`Zugang`}>
        <Grid gap="xs" align="flex-start">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              size="sm"
              {...field('accessLevel')}
              withAsterisk
              allowDeselect={false}
              disabled={self}
              data-testid="user-access-level"
              value={v.accessLevel === undefined ? null : String(v.accessLevel)}
              onChange={(value) => editor.form.setFieldValue('accessLevel', Number(value) as Level)}
              data={levels.map((l) => ({ value: String(l), label: i18n._(accessLevelLabels[l]) }))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Select
              size="sm"
              {...field('language')}
              allowDeselect={false}
              data-testid="user-language"
              data={(['de', 'it'] as const).map((l) => ({ value: l, label: i18n._(languageLabels[l]) }))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <DateInput
              size="sm"
              label={validField.label}
              name="validUntil"
              value={v.validUntil ?? null}
              error={validField.error}
              onChange={(iso) => editor.form.setFieldValue('validUntil', iso)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 2 }} pt={32}>
            <Checkbox size="sm" {...field('locked', 'checkbox')} disabled={self} />
          </Grid.Col>
        </Grid>
      </FormSection>
      <FormSection title={t`Feuerwehren`}>
        <Grid gap="xs" align="flex-start">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <MultiSelect
              size="sm"
              label={depField.label}
              name="departmentIds"
              error={depField.error}
              withAsterisk={v.accessLevel !== AccessLevel.Supervisor}
              searchable
              data-testid="user-departments"
              nothingFoundMessage={t`Keine Treffer`}
              data={departmentOptions}
              value={(v.departmentIds ?? []).map(String)}
              onChange={(values) => {
                const ids = values.map(Number);
                editor.form.setFieldValue('departmentIds', ids);
                if (v.mainDepartmentId !== null && !ids.includes(v.mainDepartmentId)) editor.form.setFieldValue('mainDepartmentId', ids[0] ?? null);
                else if (v.mainDepartmentId === null && ids.length === 1) editor.form.setFieldValue('mainDepartmentId', ids[0] ?? null);
              }}
              onBlur={() => editor.form.validateField('departmentIds')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              size="sm"
              label={mainField.label}
              name="mainDepartmentId"
              error={mainField.error}
              clearable
              data-testid="user-main-department"
              data={chosen}
              value={v.mainDepartmentId === null || v.mainDepartmentId === undefined ? null : String(v.mainDepartmentId)}
              onChange={(value) => editor.form.setFieldValue('mainDepartmentId', value ? Number(value) : null)}
            />
          </Grid.Col>
        </Grid>
      </FormSection>
    </EditorShell>
  );
}
