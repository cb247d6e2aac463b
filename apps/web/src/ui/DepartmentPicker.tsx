/**
 * DepartmentPicker — chooses a department (user-departments, statistics, ...): a searchable
 * select of "code name" over the departments the user may read (departments.search, in the UI
 * language; with `scopeDepartmentId` a union administrator sees all). The value is the id.
 *
 *   <DepartmentPicker value={form.values.deptId} onChange={(id) => form.setFieldValue('deptId', id)} label={t`Feuerwehr`} />
 */
import { useLingui } from '@lingui/react/macro';
import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../lib/trpc.ts';

export interface DepartmentPickerProps extends Omit<SelectProps, 'value' | 'onChange' | 'data'> {
  value: number | null;
  onChange: (departmentId: number | null) => void;
  /** The scope's department: decides whether an administrator reads all departments. */
  scopeDepartmentId?: number;
}

export function DepartmentPicker({ value, onChange, scopeDepartmentId, ...rest }: DepartmentPickerProps) {
  const { t, i18n } = useLingui();
  const language = i18n.locale === 'it' ? 'it' : 'de';
  const query = useQuery(
    trpc.departments.search.queryOptions({ language, page: 1, pageSize: 1000, ...(scopeDepartmentId ? { departmentId: scopeDepartmentId } : {}) }),
  );
  const data = (query.data?.entities ?? []).map((d) => ({
    value: String(d.id),
    label: `${d.code} ${language === 'it' ? d.nameIta || d.nameDeu : d.nameDeu || d.nameIta}`,
  }));
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={t`Keine Treffer`}
      placeholder={t`Feuerwehr wählen`}
      data-testid="department-select"
      {...rest}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      comboboxProps={{ width: 380, position: 'bottom-start' }}
    />
  );
}
