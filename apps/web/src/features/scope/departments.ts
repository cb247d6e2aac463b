import type { DepartmentBrief } from '@app/domain';

/** The department's name in the UI language. */
export function departmentName(department: Pick<DepartmentBrief, 'nameDeu' | 'nameIta'>, language: string): string {
  const name = language === 'it' ? department.nameIta : department.nameDeu;
  return name || department.nameDeu || department.nameIta;
}

/** "101 Freiwillige Feuerwehr ..." as in the picker. */
export function departmentLabel(department: Pick<DepartmentBrief, 'code' | 'nameDeu' | 'nameIta'>, language: string): string {
  return `${department.code} ${departmentName(department, language)}`;
}
