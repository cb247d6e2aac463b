import { useEditorId } from '../../ui/useMasterList.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { CategoryEditor } from './CategoryEditor.tsx';
import { CategoryList } from './CategoryList.tsx';

/** Categories of the chart of accounts (menu `chartOfAccounts/categories`): the list, or the editor of `?id=`. */
export function CategoriesScreen() {
  const id = useEditorId();
  return <MenuScreenGate path="chartOfAccounts/categories">{id === undefined ? <CategoryList /> : <CategoryEditor key={id} id={id} />}</MenuScreenGate>;
}
