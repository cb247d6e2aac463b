import { useEditorId } from '../../ui/useMasterList.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { BankEditor } from './BankEditor.tsx';
import { BankList } from './BankList.tsx';

/** Banks (menu `banks`): the list, or the editor of `?id=`. */
export function BanksScreen() {
  const id = useEditorId();
  return <MenuScreenGate path="banks">{id === undefined ? <BankList /> : <BankEditor key={id} id={id} />}</MenuScreenGate>;
}
