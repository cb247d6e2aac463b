import { schema } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { camtXml } from '../../../../packages/api/src/services/statements/camtBuilder.ts';
import { form } from './multipart.testkit.ts';
import { restTestApp, YEAR } from './testApp.ts';

const PREV = YEAR - 1;
const LIMIT = 64 * 1024;

/**
 * Bank statements over REST (issue 28): POST Statements/Import (multipart: the file; scope in the query) answers the
 * statement with each line's proposal in euros and writes nothing; POST Statements/Confirm (JSON: the file's text and
 * the decisions, a draft in euros) books them; GET Statements and GET Statements/Reconciliation read them back; bad
 * files are refused in the error shape (400 StatementFormat, 404 StatementAccount naming the IBAN, 413 over the limit).
 */
for (const target of testDatabases()) {
  describe(`REST statements [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.53', signIn: ['zwei', 'revisor'], departments: true, documentMaxBytes: LIMIT });
    const q = () => `departmentId=${t.dept('102')}&year=${PREV}`;
    const b1 = async () => {
      const [row] = await t.handle.db
        .select({ id: schema.accounts.id, iban: schema.accounts.iban })
        .from(schema.accounts)
        .where(and(eq(schema.accounts.departmentId, t.dept('102')), eq(schema.accounts.code, 'B1')));
      return row!;
    };
    const statement = async (iban?: string) =>
      camtXml({
        statementId: 'REST-1',
        createdAt: `${PREV}-12-15T18:00:00`,
        iban: iban ?? (await b1()).iban,
        opening: { amount: 100_000, date: `${PREV}-12-14` },
        entries: [{ creditDebit: 'CRDT', bookingDate: `${PREV}-12-15`, transactions: [{ amount: 12_345, name: 'Gemeinde Eppan', remittance: 'Beitrag' }] }],
      });
    const upload = (xml: string, user = 'zwei') => {
      const f = form({}, { name: 'camt053.xml', bytes: Buffer.from(xml), type: 'application/xml' });
      return t.call(user, 'POST', `Statements/Import?${q()}`, f.payload, f.headers);
    };

    it('imports a statement as a multipart file: proposals in euros, nothing written', async () => {
      const res = await upload(await statement());
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.head.opening).toEqual({ amount: 1000, date: `${PREV}-12-14` });
      expect(body.head.closing.amount).toBe(1123.45);
      expect(body.entries[0]).toMatchObject({
        amount: 123.45,
        creditDebit: 'CRDT',
        proposal: { kind: 'movement', draft: { kind: 'revenues', positions: [{ amount: 123.45 }] } },
      });
      expect((await t.call('zwei', 'GET', `Statements?${q()}`)).json()).toEqual([]);
    });

    it('refuses bad files in the error shape, nothing written', async () => {
      const doctype = await upload(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Document>&e;</Document>`);
      expect(doctype.statusCode).toBe(400);
      expect(doctype.json().details).toMatchObject({ Message: 'StatementFormat', Params: { reason: 'Doctype' } });
      const pdf = await upload('%PDF-1.4\n%%EOF\n');
      expect(pdf.json().details).toMatchObject({ Message: 'StatementFormat', Params: { reason: 'NotXml' } });
      const foreign = await upload(await statement('DE89370400440532013000'));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().details).toMatchObject({ Message: 'StatementAccount', Params: { iban: 'DE89370400440532013000' } });
      const large = await upload(`${await statement()}${' '.repeat(LIMIT)}`);
      expect(large.statusCode).toBe(413);
      expect((await upload(await statement(), 'revisor')).statusCode).toBe(403);
    });

    it('confirms with an edited draft in euros; lists the statement and reconciles the account', async () => {
      const content = await statement();
      const imported = (await upload(content)).json();
      // the draft goes back as movements.save takes it (the statement's scope and account win)
      const draft = {
        ...imported.entries[0].proposal.draft,
        departmentId: t.dept('102'),
        year: PREV,
        positions: [{ chapter: '11001', amount: 123.45, note: 'Beitrag' }],
      };
      const res = await t.call('zwei', 'POST', `Statements/Confirm?${q()}`, {
        fileName: 'camt053.xml',
        content,
        decisions: [{ index: 0, action: 'accept', draft }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ booked: 1, skipped: 0, entries: [{ outcome: 'booked' }] });
      const list = (await t.call('zwei', 'GET', `Statements?${q()}`)).json();
      expect(list).toMatchObject([{ statementId: 'REST-1', openingBalance: 1000, closingBalance: 1123.45, entryCount: 1, bookedCount: 1 }]);
      const rec = await t.call('zwei', 'GET', `Statements/Reconciliation?${q()}&accountId=${(await b1()).id}&date=${PREV}-12-15`);
      expect(rec.statusCode, rec.body).toBe(200);
      expect(rec.json()).toMatchObject({ bankBalance: 1123.45, unbooked: [] });
      const again = await t.call('zwei', 'POST', `Statements/Confirm?${q()}`, { content, decisions: [] });
      expect(again.statusCode).toBe(409);
      expect(again.json().details.Message).toBe('StatementImported');
    });

    it('is documented in OpenAPI: the import as a multipart form with the file, the others with their schemas', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, Record<string, Record<string, unknown>>>;
      };
      const upload = doc.paths['/Statements/Import']?.post?.requestBody as {
        content: Record<string, { schema: { properties: Record<string, { format?: string }> } }>;
      };
      expect(Object.keys(upload.content)).toEqual(['multipart/form-data']);
      expect(upload.content['multipart/form-data']!.schema.properties.file).toMatchObject({ format: 'binary' });
      for (const [path, method] of [
        ['/Statements/Confirm', 'post'],
        ['/Statements', 'get'],
        ['/Statements/Reconciliation', 'get'],
        ['/Statements/Rules', 'get'],
        ['/Statements/Rules', 'post'],
        ['/Statements/Rules/{id}', 'put'],
        ['/Statements/Rules/{id}', 'delete'],
      ] as const)
        expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    });

    it('keeps the department rules over REST', async () => {
      const made = await t.call('zwei', 'POST', `Statements/Rules?${q()}`, { kind: 'revenues', text: 'Gemeinde Eppan', chapter: '11001' });
      expect(made.statusCode, made.body).toBe(200);
      const id = made.json().id as number;
      expect((await t.call('zwei', 'PUT', `Statements/Rules/${id}?${q()}`, { kind: 'revenues', text: 'Gemeinde', chapter: '11001' })).json()).toMatchObject({
        id,
        text: 'Gemeinde',
      });
      expect((await t.call('zwei', 'GET', `Statements/Rules?${q()}`)).json()).toEqual([{ id, kind: 'revenues', text: 'Gemeinde', chapter: '11001' }]);
      expect((await t.call('zwei', 'DELETE', `Statements/Rules/${id}?${q()}`)).statusCode).toBe(200);
    });
  });
}
