import { useEditorId } from '../../ui/useMasterList.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { ChapterEditor } from './ChapterEditor.tsx';
import { ChapterList } from './ChapterList.tsx';

/** Chapters of the chart of accounts (menu `chartOfAccounts/chapters`): the list, or the editor of `?id=`. */
export function ChaptersScreen() {
  const id = useEditorId();
  return <MenuScreenGate path="chartOfAccounts/chapters">{id === undefined ? <ChapterList /> : <ChapterEditor key={id} id={id} />}</MenuScreenGate>;
}
