import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';
import { uiLanguage } from '../i18n/language.ts';

/** Select options "101 Freiwillige Feuerwehr Leifers" of the departments the user may read (as DepartmentPicker). */
export function useDepartmentOptions(scopeDepartmentId: number) {
  const { i18n } = useLingui();
  const language = uiLanguage(i18n.locale);
  const query = useQuery(trpc.departments.search.queryOptions({ language, page: 1, pageSize: 1000, departmentId: scopeDepartmentId }));
  return (query.data?.entities ?? []).map((d) => ({
    value: String(d.id),
    label: `${d.code} ${language === 'it' ? d.nameIta || d.nameDeu : d.nameDeu || d.nameIta}`,
  }));
}
