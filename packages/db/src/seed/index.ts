import { AUDIT_OFF } from '../auditOff.ts';
import { count, eq, sql } from 'drizzle-orm';
import type { Db, DbHandle, Tx } from '../client.ts';
import { hashPassword } from '../password.ts';
import { appSettings, departments, financialYears, userDepartments, users } from '../schema/index.ts';
import { seedBaseData } from './baseData.ts';
import { seedBookings } from './bookings.ts';
import { seedCash } from './cash.ts';
import { seedReservations } from './reservations.ts';
import { seedBudget } from './budget.ts';
import { seedChart, seedTemplates } from './chart.ts';

export const DEMO_PASSWORD = 'demo';

export const demoDepartments = [
  {
    code: '000',
    name1Deu: 'Landesfeuerwehrverband',
    name2Deu: 'Südtirol',
    name1Ita: 'Unione provinciale dei Corpi VV.F.',
    name2Ita: 'Alto Adige',
    locationDeu: 'Vilpian',
    locationIta: 'Vilpiano',
    municipalityDeu: 'Terlan',
    municipalityIta: 'Terlano',
    postalCode: '39018',
  },
  {
    code: '100',
    name1Deu: 'Bezirksfeuerwehrverband',
    name2Deu: 'Bozen',
    name1Ita: 'Unione distrettuale VV.F.',
    name2Ita: 'Bolzano',
    locationDeu: 'Bozen',
    locationIta: 'Bolzano',
    municipalityDeu: 'Bozen',
    municipalityIta: 'Bolzano',
    postalCode: '39100',
  },
  {
    code: '200',
    name1Deu: 'Bezirksfeuerwehrverband',
    name2Deu: 'Meran',
    name1Ita: 'Unione distrettuale VV.F.',
    name2Ita: 'Merano',
    locationDeu: 'Meran',
    locationIta: 'Merano',
    municipalityDeu: 'Meran',
    municipalityIta: 'Merano',
    postalCode: '39012',
  },
  {
    code: '101',
    name1Deu: 'Freiwillige Feuerwehr',
    name2Deu: 'Leifers',
    name1Ita: 'Corpo dei Vigili del Fuoco Volontari',
    name2Ita: 'Laives',
    locationDeu: 'Leifers',
    locationIta: 'Laives',
    municipalityDeu: 'Leifers',
    municipalityIta: 'Laives',
    postalCode: '39055',
  },
  {
    code: '102',
    name1Deu: 'Freiwillige Feuerwehr',
    name2Deu: 'Eppan',
    name1Ita: 'Corpo dei Vigili del Fuoco Volontari',
    name2Ita: 'Appiano',
    locationDeu: 'St. Michael',
    locationIta: 'San Michele',
    municipalityDeu: 'Eppan',
    municipalityIta: 'Appiano',
    postalCode: '39057',
    openPaymentsAllowed: true,
    siaNumber: 'A1B2C',
  },
  {
    code: '201',
    name1Deu: 'Freiwillige Feuerwehr',
    name2Deu: 'Lana',
    name1Ita: 'Corpo dei Vigili del Fuoco Volontari',
    name2Ita: 'Lana',
    locationDeu: 'Lana',
    locationIta: 'Lana',
    municipalityDeu: 'Lana',
    municipalityIta: 'Lana',
    postalCode: '39011',
  },
  {
    code: '202',
    name1Deu: 'Freiwillige Feuerwehr',
    name2Deu: 'Algund',
    name1Ita: 'Corpo dei Vigili del Fuoco Volontari',
    name2Ita: 'Lagundo',
    locationDeu: 'Algund',
    locationIta: 'Lagundo',
    municipalityDeu: 'Algund',
    municipalityIta: 'Lagundo',
    postalCode: '39022',
  },
];

/** The demo users of the README; all have the password `demo`. */
export const demoUsers = [
  { username: 'supervisor', fullname: 'Sabine Supervisor', accessLevel: 3, departments: [] as string[], main: null },
  { username: 'admin', fullname: 'Anton Verwalter', accessLevel: 0, departments: ['000', '100'], main: '000' },
  { username: 'kassier', fullname: 'Karl Kassier', accessLevel: 2, departments: ['101'], main: '101' },
  { username: 'zwei', fullname: 'Zita Zweifach', accessLevel: 2, departments: ['102', '201'], main: '102' },
  { username: 'gesperrt', fullname: 'Georg Gesperrt', accessLevel: 2, departments: ['202'], main: '202', locked: true },
  // the auditor (issue 27): reads and prints 101 and 102, writes nothing
  { username: 'revisor', fullname: 'Rita Revisor', accessLevel: 1, departments: ['101', '102'], main: '101' },
] as const;

/** `auto` (default): demo data only into an empty embedded PGlite; `always`: into any empty database; `never`. */
export const SEED_DEMO_MODES = ['auto', 'always', 'never'] as const;
export type SeedDemoMode = (typeof SEED_DEMO_MODES)[number];

/** Whether the start may seed the demo data into this kind of database (it still has to be empty). */
export function demoSeedAllowed(mode: SeedDemoMode, kind: DbHandle['kind']): boolean {
  if (mode === 'always') return true;
  if (mode === 'auto') return kind === 'pglite';
  return false;
}

/** The key of the marker row the demo seed writes (in the same transaction as the demo data). */
export const DEMO_SETTING = 'demo';

/** A demo department's CBI CUC (issue 25: the domestic bank file can be tried at once): `FWH` + its code + `BZ`. */
export function demoCbiCuc(code: string): string {
  return `FWH${code}BZ`;
}

/** Empty: no user and no department yet (a database with only its first supervisor is not empty). */
export async function isEmpty(db: Db | Tx): Promise<boolean> {
  const [userRow] = await db.select({ n: count() }).from(users);
  const [deptRow] = await db.select({ n: count() }).from(departments);
  return (userRow?.n ?? 0) === 0 && (deptRow?.n ?? 0) === 0;
}

/** True while the database holds the demo data (the marker row of the demo seed). */
export async function hasDemoData(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ key: appSettings.key }).from(appSettings).where(eq(appSettings.key, DEMO_SETTING)).limit(1);
  return row !== undefined;
}

/**
 * The first writes into a new database (demo seed, initial supervisor) take this lock and look again
 * inside their transaction, so two instances starting at once can't both write.
 */
export async function lockFirstData(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table ${users} in exclusive mode`);
}

/**
 * Seeds the demo data when the database is empty; returns false (and writes nothing) otherwise.
 * Years: `currentYear - 1` (forecast approved, a year of bookings up to `today`, reservations, account transfers and
 * the typed initial balances of the accounts: the departments' first year) and `currentYear` (not approved, no bookings).
 */
export async function seedDemo(
  db: Db,
  currentYear: number = new Date().getFullYear(),
  today: string = new Date().toISOString().slice(0, 10),
  /** Runs after the fixture inside the same transaction (the living demo, packages/api demo/living.ts). */
  then?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const previousYear = currentYear - 1;
  return db.transaction(async (tx) => {
    await lockFirstData(tx);
    if (!(await isEmpty(tx))) return false;
    // the demo data is nobody's change: the audit capture (migration 0022) stays off in this transaction
    await tx.execute(AUDIT_OFF);
    await tx.insert(appSettings).values({ key: DEMO_SETTING, value: new Date().toISOString() });
    // the demo brigades started in the system in the previous year: their first year (initial balances,
    // previous-year amounts) stays that year when an older financial year is created later
    const depts = await tx
      .insert(departments)
      .values(demoDepartments.map((d) => ({ ...d, firstYear: previousYear, cbiCuc: demoCbiCuc(d.code) })))
      .returning({ id: departments.id, code: departments.code });
    const idOf = new Map(depts.map((d) => [d.code, d.id]));
    await tx.insert(financialYears).values([{ year: previousYear }, { year: currentYear }]);
    for (const u of demoUsers) {
      const [user] = await tx
        .insert(users)
        .values({
          username: u.username,
          fullname: u.fullname,
          passwordHash,
          accessLevel: u.accessLevel,
          locked: 'locked' in u ? u.locked : false,
          mainDepartmentId: u.main ? (idOf.get(u.main) ?? null) : null,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert failed');
      if (u.departments.length > 0) {
        await tx.insert(userDepartments).values(u.departments.map((code) => ({ userId: user.id, departmentId: idOf.get(code) ?? 0 })));
      }
    }
    await seedChart(tx, [previousYear, currentYear]);
    await seedTemplates(
      tx,
      depts.map((d) => d.id),
    );
    await seedBudget(tx, depts, previousYear);
    await seedBaseData(tx, idOf);
    await seedBookings(tx, today);
    await seedCash(tx, previousYear, today);
    await seedReservations(tx, previousYear, today);
    if (then) await then(tx);
    return true;
  });
}
export { seedChart } from './chart.ts';
export { areaOf, demoForecast } from './budget.ts';
export { seedBookings } from './bookings.ts';
export { seedCash } from './cash.ts';
export { seedReservations } from './reservations.ts';

/** Which demo a start seeds: `living` (the fixture plus a year end and a current year relative to today) or `fixture` (the tests' data). */
export const DEMO_DATA_MODES = ['living', 'fixture'] as const;
export type DemoDataMode = (typeof DEMO_DATA_MODES)[number];
