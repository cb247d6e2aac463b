import { safeString } from './primitives.ts';

/** Areas: 1 union (`000`), 2 district (`x00`), 3 department (anything else). */
export const Area = { Union: 1, District: 2, Department: 3 } as const;
export type Area = (typeof Area)[keyof typeof Area];

export const DepartmentCode = safeString()
  .length(3, 'InvalidValue')
  .regex(/^[0-9A-Z]{3}$/, 'InvalidValue');

export function areaOfCode(code: string): Area {
  if (code === '000') return Area.Union;
  if (code.slice(1) === '00') return Area.District;
  return Area.Department;
}

/** The code of the superior unit: a department's district (`1AB` -> `100`), a district's union, or null for the union. */
export function superiorCode(code: string): string | null {
  const area = areaOfCode(code);
  if (area === Area.Union) return null;
  if (area === Area.District) return '000';
  return `${code.charAt(0)}00`;
}
