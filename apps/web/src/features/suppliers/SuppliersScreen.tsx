import { useEditorId } from '../../ui/useMasterList.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { SupplierEditor } from './SupplierEditor.tsx';
import { SupplierList } from './SupplierList.tsx';

/** Suppliers (menu `suppliers/edit`) of the scope's department: the list, or the editor of `?id=`. */
export function SuppliersScreen() {
  const id = useEditorId();
  return <MenuScreenGate path="suppliers/edit">{id === undefined ? <SupplierList /> : <SupplierEditor key={id} id={id} />}</MenuScreenGate>;
}
