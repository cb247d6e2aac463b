import { useEditorId } from '../../ui/useMasterList.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { AccountEditor } from './AccountEditor.tsx';
import { AccountList } from './AccountList.tsx';

/** Financial accounts (menu `accounts/edit`) of the scope's department: the list, or the editor of `?id=`. */
export function AccountsScreen() {
  const id = useEditorId();
  return <MenuScreenGate path="accounts/edit">{id === undefined ? <AccountList /> : <AccountEditor key={id} id={id} />}</MenuScreenGate>;
}
