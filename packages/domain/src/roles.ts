import { z } from 'zod';

/**
 * Access levels of spec 1 §6. Guest is "not signed in". Auditor (Revisor / Revisore, issue 27) is ours,
 * between Administrator and Standard: he reads and prints everything of his linked departments and
 * writes nothing (packages/api/src/readOnlyAccess.ts).
 */
export const AccessLevel = { Guest: -1, Administrator: 0, Auditor: 1, Standard: 2, Supervisor: 3 } as const;
export type AccessLevel = (typeof AccessLevel)[keyof typeof AccessLevel];
export const AccessLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const accessLevelKey: Record<AccessLevel, 'guest' | 'administrator' | 'auditor' | 'standard' | 'supervisor'> = {
  [-1]: 'guest',
  0: 'administrator',
  1: 'auditor',
  2: 'standard',
  3: 'supervisor',
};

export const Language = z.enum(['de', 'it']);
export type Language = z.infer<typeof Language>;
