/**
 * Builds a union-sized data set into PostgreSQL (DESIGN.md Performance): 1 union, 9 districts,
 * 297 departments, 3 years with the chart of accounts, a standard user per department, 2 accounts and
 * 50 suppliers per department. Bookings (bookingsData.ts): the 20 departments BOOKING_DEPARTMENTS
 * (with BENCH_BOOKING_DEPARTMENTS=all every fire brigade) get an approved forecast of BOOKING_YEAR and
 * BENCH_MOVEMENTS (1,500) movements each. BENCH_YEARS_BACK=9 copies that year's budgets and bookings into the 9
 * years before it (unionData.ts: 10 years for the statistics export).
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench node --import tsx bench/generate.ts
 */
import { AUDIT_OFF, migrateDb, openDb, schema } from '@app/db';
import { hashPassword } from '@app/db/password';
import { seedChart } from '@app/db/seed';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { todayIso, addDays } from '@app/domain';
import { generateAuditTrail } from './auditData.ts';
import { generateBookings } from './bookingsData.ts';
import { benchEnv } from './env.ts';
import { copyYears } from './unionData.ts';

export const BENCH_YEARS = [2024, 2025, 2026];
export const BENCH_PASSWORD = 'bench';
/** The year the bookings are in (the current one of the bench years: open for booking). */
export const BOOKING_YEAR = 2026;
/** The departments with an approved forecast and movements: 501..520 (512 is the one-scope case). */
export const BOOKING_DEPARTMENTS = Array.from({ length: 20 }, (_, i) => `5${String(i + 1).padStart(2, '0')}`);

export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = '/postgres';
  const admin = postgres(target.toString(), { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

export interface GenerateOptions {
  /** Every fire brigade books (BENCH_BOOKING_DEPARTMENTS=all), not only BOOKING_DEPARTMENTS. */
  allDepartments?: boolean;
  /** Earlier years that get a copy of the booking year's budgets and bookings (BENCH_YEARS_BACK; unionData.ts). */
  yearsBack?: number;
}

export async function generate(url: string, opts: GenerateOptions = {}): Promise<void> {
  const allDepartments = opts.allDepartments ?? benchEnv.bookingDepartments === 'all';
  const yearsBack = opts.yearsBack ?? benchEnv.yearsBack;
  await ensureDatabase(url);
  const handle = await openDb(url);
  await migrateDb(handle);
  const { db } = handle;
  const started = Date.now();
  const codes = ['000'];
  for (let d = 1; d <= 9; d++) {
    codes.push(`${d}00`);
    for (let n = 1; n <= 33; n++) codes.push(`${d}${String(n).padStart(2, '0')}`);
  }
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await db.transaction(async (tx) => {
    // generated data is nobody's change (as the demo seed): no audit capture
    await tx.execute(AUDIT_OFF);
    const depts = await tx
      .insert(schema.departments)
      .values(
        codes.map((code) => ({ code, name1Deu: 'Freiwillige Feuerwehr', name2Deu: `Ort ${code}`, name1Ita: 'Corpo VV.F.', name2Ita: `Località ${code}` })),
      )
      .returning({ id: schema.departments.id, code: schema.departments.code });
    await tx.insert(schema.financialYears).values(BENCH_YEARS.map((year) => ({ year })));
    await seedChart(tx, BENCH_YEARS);
    const users = await tx
      .insert(schema.users)
      .values([
        { username: 'supervisor', fullname: 'Bench Supervisor', passwordHash, accessLevel: 3 },
        ...depts.map((d) => ({ username: `k${d.code}`, fullname: `Kassier ${d.code}`, passwordHash, accessLevel: 2, mainDepartmentId: d.id })),
      ])
      .returning({ id: schema.users.id, username: schema.users.username });
    const userOf = new Map(users.map((u) => [u.username, u.id]));
    await tx.insert(schema.userDepartments).values(depts.map((d) => ({ userId: userOf.get(`k${d.code}`) ?? 0, departmentId: d.id })));
    await tx.insert(schema.accounts).values(
      depts.flatMap((d) => [
        { departmentId: d.id, code: 'K1', type: 1, descriptionDeu: 'Kassa', descriptionIta: 'Cassa' },
        { departmentId: d.id, code: 'B1', type: 2, descriptionDeu: 'Bank', descriptionIta: 'Banca' },
      ]),
    );
    const suppliers = depts.flatMap((d) =>
      Array.from({ length: 50 }, (_, i) => ({
        departmentId: d.id,
        code: i + 1,
        searchKey: `LIEFERANT${String(i + 1).padStart(2, '0')}`,
        name1: `Lieferant ${i + 1} GmbH`,
        location: i % 2 ? 'Bozen' : 'Meran',
      })),
    );
    for (let i = 0; i < suppliers.length; i += 2000) await tx.insert(schema.suppliers).values(suppliers.slice(i, i + 2000));
  });
  const bookingIds = (await db.select({ id: schema.departments.id, code: schema.departments.code }).from(schema.departments))
    .filter((d) => BOOKING_DEPARTMENTS.includes(d.code) || (allDepartments && d.code !== '000' && !d.code.endsWith('00')))
    .map((d) => d.id);
  const booked = await db.transaction(async (tx) => {
    await tx.execute(AUDIT_OFF);
    return generateBookings(tx, bookingIds, {
      year: BOOKING_YEAR,
      lastDay: addDays(todayIso(), -1),
      movementsPerDepartment: benchEnv.movementsPerDepartment,
    });
  });
  const copied = yearsBack
    ? await db.transaction(async (tx) => {
        await tx.execute(AUDIT_OFF);
        return copyYears(
          tx,
          BOOKING_YEAR,
          Array.from({ length: yearsBack }, (_, i) => BOOKING_YEAR - 1 - i),
        );
      })
    : 0;
  const trail = await generateAuditTrail(db);
  // fresh statistics, as autovacuum would have them on a database in use
  await db.execute(sql`analyze`);
  console.log(
    `generated ${codes.length} departments, ${BENCH_YEARS.length} years, ${booked} movements (+${copied} copied into ${yearsBack} earlier years), ${trail} audit rows in ${Date.now() - started} ms`,
  );
  await handle.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await generate(benchEnv.databaseUrl);
}
