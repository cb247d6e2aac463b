import type { z } from 'zod';
import { appRouter } from './root.ts';

/** A procedure of the router as the tests that walk it need it (audit actions, the auditor's access, the REST models). */
export interface RouterProcedure {
  /** The dotted path, e.g. `movements.save`. */
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** The zod input schemas (`.input()` calls, merged by tRPC). */
  inputs: z.ZodType[];
}

type ProcedureDefs = Record<string, { _def: { type: RouterProcedure['type']; inputs: z.ZodType[] } }>;

/** Every procedure of the router, sorted by path: a test that walks them covers a new one the day it is added. */
export function routerProcedures(): RouterProcedure[] {
  const procedures = (appRouter as unknown as { _def: { procedures: ProcedureDefs } })._def.procedures;
  return Object.entries(procedures)
    .map(([path, p]) => ({ path, type: p._def.type, inputs: p._def.inputs }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
