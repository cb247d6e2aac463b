import { trpc } from '../../lib/trpc.ts';
import type { MasterListInput } from '../../ui/listState.ts';
import type { LoadedScope } from '../scope/loadScope.ts';

type TemplateScope = Pick<LoadedScope, 'department' | 'year'>;

/** The filters of the templates list (URL search keys). */
export const templateFilterKeys = ['description'] as const;

/** The department's templates as paged and filtered in the URL (route loader and TemplatesScreen). */
export function templateListQuery(scope: TemplateScope, list: MasterListInput<(typeof templateFilterKeys)[number]>) {
  return trpc.templates.list.queryOptions({ ...list.filters, departmentId: scope.department.id, year: scope.year, page: list.page, pageSize: list.pageSize });
}

/** One template with its positions. */
export function templateQuery(scope: TemplateScope, code: number) {
  return trpc.templates.get.queryOptions({ departmentId: scope.department.id, year: scope.year, code });
}
