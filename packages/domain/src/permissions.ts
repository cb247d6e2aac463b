import { Area } from './area.ts';
import { AccessLevel } from './roles.ts';

/**
 * The permission matrix of spec 1 §6 and spec 2 §6, used by the server (every write) and the menu.
 *
 * - `restricted` items: Standard never; Administrator only when the scope's department is the union;
 *   Supervisor always.
 * - `open` items: everyone signed in.
 * - statisticsExport: not for Administrators.
 * - the Auditor (issue 27) reads like a Standard user; every write of his is refused before it runs
 *   (`readsOnly`, packages/api/src/readOnlyAccess.ts), so `can` decides only his reads.
 */
export const permissionItems = [
  'departments',
  'titles',
  'categories',
  'chapters',
  'bankImport',
  'users',
  'userDepartments',
  'newFinancialYear',
  'chartCopy',
  /** FinancialYears/Status: open a past year for an area's bookings and budget edits. */
  'yearUnlock',
  /** chartOfAccounts/unlock: keep an area's chart of a year editable after approvals. */
  'chartUnlock',
  'statisticsExport',
  'departmentUsers',
  'movementTemplates',
] as const;
export type PermissionItem = (typeof permissionItems)[number];

const restricted: ReadonlySet<PermissionItem> = new Set([
  'departments',
  'titles',
  'categories',
  'chapters',
  'bankImport',
  'users',
  'userDepartments',
  'newFinancialYear',
  'chartCopy',
  'yearUnlock',
  'chartUnlock',
]);

export interface Actor {
  accessLevel: AccessLevel;
}

/**
 * May the actor use the item? `departmentArea` is the area of the scope's department (null when the
 * action has no department, which counts as "not the union").
 */
export function can(actor: Actor, item: PermissionItem, departmentArea: Area | null): boolean {
  const level = actor.accessLevel;
  if (level === AccessLevel.Guest) return false;
  if (level === AccessLevel.Supervisor) return true;
  if (item === 'statisticsExport') return level !== AccessLevel.Administrator;
  // the auditor reads what a Standard user reads (his writes never get this far)
  if (!restricted.has(item)) return true;
  if (level === AccessLevel.Administrator) return departmentArea === Area.Union;
  return false;
}

/** A supervisor sees every department; everyone else only the departments linked to them. */
export function seesAllDepartments(actor: Actor): boolean {
  return actor.accessLevel === AccessLevel.Supervisor;
}

/** The auditor (issue 27) reads and prints everything of his linked departments and writes nothing. */
export function readsOnly(actor: Actor): boolean {
  return actor.accessLevel === AccessLevel.Auditor;
}
