import { useEditorId } from '../../ui/useMasterList.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { TitleEditor } from './TitleEditor.tsx';
import { TitleList } from './TitleList.tsx';

/** Titles of the chart of accounts (menu `chartOfAccounts/titles`): the list, or the editor of `?id=`. */
export function TitlesScreen() {
  const id = useEditorId();
  return <MenuScreenGate path="chartOfAccounts/titles">{id === undefined ? <TitleList /> : <TitleEditor key={id} id={id} />}</MenuScreenGate>;
}
