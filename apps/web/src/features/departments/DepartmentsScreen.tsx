import { useEditorId } from '../../ui/useMasterList.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { DepartmentEditor } from './DepartmentEditor.tsx';
import { DepartmentList } from './DepartmentList.tsx';

/** Departments (menu `departments/edit`): the list, or the editor of `?id=`. */
export function DepartmentsScreen() {
  const id = useEditorId();
  return <MenuScreenGate path="departments/edit">{id === undefined ? <DepartmentList /> : <DepartmentEditor key={id} id={id} />}</MenuScreenGate>;
}
