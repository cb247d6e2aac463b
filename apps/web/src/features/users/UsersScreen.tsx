import { useEditorId } from '../../ui/useMasterList.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { UserEditor } from './UserEditor.tsx';
import { UserList } from './UserList.tsx';

/** Users administration (menu `users`): the list, or the editor of `?id=`. */
export function UsersScreen() {
  const id = useEditorId();
  return <MenuScreenGate path="users">{id === undefined ? <UserList /> : <UserEditor key={id} id={id} />}</MenuScreenGate>;
}
