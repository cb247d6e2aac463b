import type { DepartmentBrief } from '@app/domain';
import { msg } from '@lingui/core/macro';
import type { FieldLabels } from '../../ui/fieldMessages.ts';

/** Labels of a department's four name fields: the department form (features/departments) and the first setup share them. */
export const departmentNameLabels = {
  name1Deu: msg`Name 1 (deutsch)`,
  name2Deu: msg`Name 2 (deutsch)`,
  name1Ita: msg`Name 1 (italienisch)`,
  name2Ita: msg`Name 2 (italienisch)`,
} satisfies FieldLabels;

/** The department's name in the UI language. */
export function departmentName(department: Pick<DepartmentBrief, 'nameDeu' | 'nameIta'>, language: string): string {
  const name = language === 'it' ? department.nameIta : department.nameDeu;
  return name || department.nameDeu || department.nameIta;
}

/** "101 Freiwillige Feuerwehr ..." as in the picker. */
export function departmentLabel(department: Pick<DepartmentBrief, 'code' | 'nameDeu' | 'nameIta'>, language: string): string {
  return `${department.code} ${departmentName(department, language)}`;
}
