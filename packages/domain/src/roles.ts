import { z } from 'zod';

/** Access levels of spec 1 §6. Guest is "not signed in". */
export const AccessLevel = { Guest: -1, Administrator: 0, Standard: 2, Supervisor: 3 } as const;
export type AccessLevel = (typeof AccessLevel)[keyof typeof AccessLevel];
export const AccessLevelSchema = z.union([z.literal(0), z.literal(2), z.literal(3)]);

export const accessLevelKey: Record<AccessLevel, 'guest' | 'administrator' | 'standard' | 'supervisor'> = {
  [-1]: 'guest',
  0: 'administrator',
  2: 'standard',
  3: 'supervisor',
};

export const Language = z.enum(['de', 'it']);
export type Language = z.infer<typeof Language>;
