import type { z } from 'zod';
import { DepartmentFields } from './departments.ts';
import { Year } from './scope.ts';

/** The code of the union: the first department of a new installation. */
export const UNION_CODE = '000';

/**
 * First setup of an empty installation (a Supervisor, no department yet): the union's names and the
 * first financial year. Everything else is then entered in the app's screens.
 */
export const FirstSetupInput = DepartmentFields.pick({ name1Deu: true, name2Deu: true, name1Ita: true, name2Ita: true }).extend({ year: Year });
export type FirstSetupInput = z.infer<typeof FirstSetupInput>;
