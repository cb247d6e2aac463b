import { testDatabases } from '@app/db/testing';
import type { StatisticsExport } from '@app/domain';
import { statisticsCsv } from '@app/reports/statistics';
import { describe, expect, it } from 'vitest';
import { restTestApp, YEAR } from './testApp.ts';

for (const target of testDatabases()) {
  describe(`REST statistics [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.6.0', signIn: ['supervisor', 'admin'] });
    const get = (url: string, user = 'supervisor') => t.call(user, 'GET', url);

    it('GET statistics answers the CSV as a download with the fixed file name', async () => {
      const res = await get(`statistics?language=de&deptFrom=101&deptTo=101&yearFrom=${YEAR - 1}&yearTo=${YEAR - 1}&withChapters=false`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="statistik.csv"');
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toMatch(/^Code;Feuerwehr;Jahr;Bereich;Einnahmen Voranschlag/);
      expect(lines[0]).toMatch(/;Ausgaben Zahlungen;Einnahmen Rückstände Vorjahre;.*;Ausgaben Rückstände Jahresende$/);
      // payments: the demo bookings of Leifers (see statistics.test.ts in packages/api for the sums)
      expect(lines[1]).toBe(
        `101;Freiwillige Feuerwehr Leifers;${YEAR - 1};3;88856,25;0,00;88856,25;88084,15;95051,25;0,00;95051,25;88498,72;0,00;0,00;0,00;0,00;0,00;0,00;0,00`,
      );
      const it = await get(`Statistics?language=it&deptFrom=101&deptTo=101&yearFrom=${YEAR - 1}&yearTo=${YEAR - 1}&withChapters=true`);
      expect(it.headers['content-disposition']).toBe('attachment; filename="statistica.csv"');
      expect(it.body).toContain(';Capitolo;Descrizione;');
      expect(it.body).toMatch(/\r\n101;[^;]+;\d{4};3;2-1-\w+;/);
    });

    it('streams the same CSV as the typed procedure’s rows make: every department, years and chapters', async () => {
      for (const [language, withChapters] of [
        ['de', false],
        ['it', true],
      ] as const) {
        const input = { yearFrom: YEAR - 2, yearTo: YEAR, withChapters, language };
        const res = await get(`statistics?language=${language}&yearFrom=${YEAR - 2}&yearTo=${YEAR}&withChapters=${withChapters}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/csv/);
        // streamed: no length known up front
        expect(res.headers['content-length']).toBeUndefined();
        const trpc = await t.app.inject({
          method: 'GET',
          url: `/trpc/statistics.export?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers: t.auth('supervisor'),
        });
        expect(trpc.statusCode).toBe(200);
        const data = (trpc.json() as { result: { data: StatisticsExport } }).result.data;
        expect(data.rows.length).toBeGreaterThan(withChapters ? 50 : 10);
        expect(res.body).toBe(statisticsCsv(data));
        const header = res.body.replace(/^\uFEFF/, '').split('\r\n')[0];
        expect(header).toMatch(language === 'de' ? /^Code;Feuerwehr;Jahr;Bereich;Einnahmen Voranschlag/ : /;Capitolo;Descrizione;/);
      }
    });

    it('refuses an administrator with a JSON error', async () => {
      const res = await get(`statistics?yearFrom=${YEAR}&yearTo=${YEAR}`, 'admin');
      expect(res.statusCode).toBe(403);
      expect(res.json().details.Message).toBe('Forbidden');
    });
  });
}
