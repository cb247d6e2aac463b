import type { AccessLevel, Area } from '@app/domain';

/** The scope of a movements call as the scoped procedure resolved it, plus today and the caller's level. */
export interface MovementScope {
  departmentId: number;
  year: number;
  area: Area;
  departmentCode: string;
  /** `YYYY-MM-DD` (Europe/Rome): booking dates may not lie after it. */
  today: string;
  accessLevel: AccessLevel;
}
