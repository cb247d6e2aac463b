import { can } from '@app/domain';
import { useRequiredAuth } from '../../lib/session.ts';
import { useScope } from '../scope/useScope.ts';

/** The bank directory is shared: writing it needs the bankImport permission in the scope's area. */
export function useCanEditBanks(): boolean {
  const auth = useRequiredAuth();
  const { department } = useScope();
  return can(auth, 'bankImport', department.area);
}
