import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DbHandle, seedDemo } from '@app/db';
import { testDatabases } from '@app/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';

const YEAR = 2026;

for (const target of testDatabases()) {
  describe(`REST statistics [${target.name}]`, () => {
    let handle: DbHandle;
    let app: FastifyInstance;
    const tokens = new Map<string, string>();
    const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Feuerwehr</title>');

    beforeAll(async () => {
      handle = await target.create();
      await seedDemo(handle.db, YEAR);
      app = await buildApp({ database: handle, webDist });
      for (const [i, username] of ['supervisor', 'admin'].entries()) {
        const res = await app.inject({ method: 'POST', url: '/api/Authenticate/login', payload: { username, password: 'demo' }, remoteAddress: `10.6.0.${i + 1}` });
        tokens.set(username, res.json().token as string);
      }
    });
    afterAll(async () => {
      await app.close();
      await handle.close();
    });

    const get = (url: string, user = 'supervisor') => app.inject({ method: 'GET', url: `/api/${url}`, headers: { authorization: `Bearer ${tokens.get(user)}` } });

    it('GET statistics answers the CSV as a download with the fixed file name', async () => {
      const res = await get(`statistics?language=de&deptFrom=101&deptTo=101&yearFrom=${YEAR - 1}&yearTo=${YEAR - 1}&withChapters=false`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="statistik.csv"');
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toMatch(/^Code;Feuerwehr;Jahr;Bereich;Einnahmen Voranschlag/);
      expect(lines[1]).toBe(`101;Freiwillige Feuerwehr Leifers;${YEAR - 1};3;88856,25;0,00;88856,25;0,00;95051,25;0,00;95051,25;0,00`);
      const it = await get(`Statistics?language=it&deptFrom=101&deptTo=101&yearFrom=${YEAR - 1}&yearTo=${YEAR - 1}&withChapters=true`);
      expect(it.headers['content-disposition']).toBe('attachment; filename="statistica.csv"');
      expect(it.body).toContain(';Capitolo;Descrizione;');
      expect(it.body).toMatch(/\r\n101;[^;]+;\d{4};3;2-1-\w+;/);
    });

    it('refuses an administrator with a JSON error', async () => {
      const res = await get(`statistics?yearFrom=${YEAR}&yearTo=${YEAR}`, 'admin');
      expect(res.statusCode).toBe(403);
      expect(res.json().details.Message).toBe('Forbidden');
    });
  });
}
