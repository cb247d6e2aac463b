import { trpc } from '../../lib/trpc.ts';

/** The scope as the loaders and the screens have it. */
interface Scope {
  department: { id: number };
  year: number;
}
const scopeInput = (scope: Scope) => ({ departmentId: scope.department.id, year: scope.year });

/** Editable, budget state and the next record number of the reservations form (route loader and screen). */
export function reservationContextQuery(scope: Scope) {
  return trpc.reservations.context.queryOptions(scopeInput(scope));
}

/** One saved reservation by its record number. */
export function reservationQuery(scope: Scope, recordNumber: number) {
  return trpc.reservations.get.queryOptions({ ...scopeInput(scope), recordNumber });
}

/** A page of the reservations picker (newest first), optionally of one chapter line and only the open ones. */
export function reservationListQuery(
  scope: Scope,
  filter: { search: string; chapterId: number | null; chapterYear: number | null; openOnly: boolean },
  page: number,
  pageSize: number,
) {
  return trpc.reservations.list.queryOptions({
    ...scopeInput(scope),
    search: filter.search,
    ...(filter.chapterId !== null ? { chapterId: filter.chapterId } : {}),
    ...(filter.chapterYear !== null ? { chapterYear: filter.chapterYear } : {}),
    openOnly: filter.openOnly,
    page,
    pageSize,
  });
}

/** The reservations a position on a chapter line may use (the position detail dialog), amounts without the movement itself. */
export function lineReservationsQuery(
  scope: { departmentId: number; year: number },
  movementId: number | null,
  line: { chapterId: number; chapterYear: number },
) {
  return trpc.reservations.forLine.queryOptions({
    ...scope,
    ...(movementId !== null ? { movementId } : {}),
    chapterId: line.chapterId,
    chapterYear: line.chapterYear,
  });
}
