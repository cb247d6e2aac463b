import { trpc } from '../../lib/trpc.ts';
import type { MasterListInput } from '../../ui/listState.ts';

export const bankFilterKeys = ['abi', 'cab', 'routingCode', 'name', 'location'] as const;

/** The bank directory (one for all departments) as paged and filtered in the URL. */
export function bankListQuery(list: MasterListInput<(typeof bankFilterKeys)[number]>) {
  return trpc.banks.list.queryOptions({ ...list.filters, page: list.page, pageSize: list.pageSize });
}
