import { z } from 'zod';

/** An optional number among fixed values in the URL (`?part=1`, `?area=3`); anything else is dropped. */
export function numberChoice<const T extends readonly number[]>(values: T) {
  return z.coerce
    .number()
    .refine((n): n is T[number] => values.includes(n))
    .optional()
    .catch(undefined);
}

export const partParam = numberChoice([1, 2] as const);
export const areaParam = numberChoice([1, 2, 3] as const);
