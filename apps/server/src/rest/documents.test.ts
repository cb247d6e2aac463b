import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { documentStream } from '@app/api';
import { createClient } from '@app/client';
import { execRows, schema } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { form } from './multipart.testkit.ts';
import { restTestApp, YEAR } from './testApp.ts';

const { accounts, budgetHeads, paymentOrderItems, paymentOrders, suppliers } = schema;
const PREV = YEAR - 1;
const LIMIT = 64 * 1024;

/** A small valid PNG (1×1), a JPEG head and a PDF, as their first bytes say. */
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a0a40000000049454e44ae426082',
  'hex',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.alloc(200, 7)]);

/**
 * Receipts over REST (issue 28): POST Documents (multipart: file, recordKind, recordId; scope in the query) attaches
 * a file whose content is a PDF, JPEG, PNG or e-invoice, whatever its name; GET Documents lists a record's; GET
 * Documents/{id} answers the bytes with their type; DELETE Documents/{id} removes one. The bytes are kept once per
 * SHA-256 and go with the last document naming them, also when the record goes. Over the size limit 413
 * PayloadTooLarge, another type 415 DocumentType; nothing is written then. The auditor reads, never writes.
 */
for (const target of testDatabases()) {
  describe(`REST documents [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.28', signIn: ['zwei', 'kassier', 'revisor'], departments: true, documentMaxBytes: LIMIT });
    const q = () => `departmentId=${t.dept('102')}&year=${PREV}`;
    const counts = async () =>
      (
        await execRows<{ documents: number | string; contents: number | string }>(
          t.handle.db,
          sql`select (select count(*) from documents) as documents, (select count(*) from document_contents) as contents`,
        )
      ).map((r) => [Number(r.documents), Number(r.contents)] as [number, number])[0]!;
    /** A new paid expense of 102 (previous year) over REST: its id and record number. */
    const expense = async (note: string) => {
      const accounts = await t.call('zwei', 'GET', `Accounts?${q()}`);
      const k1 = (accounts.json().entities as { id: number; code: string }[]).find((a) => a.code === 'K1')!;
      const res = await t.call('zwei', 'POST', `Movements?${q()}`, {
        kind: 'expenses',
        type: 1,
        recordDate: `${PREV}-05-04`,
        documentDate: `${PREV}-05-04`,
        accountId: k1.id,
        positions: [{ chapter: '21006', amount: 12.5, note }],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number; recordNumber: number };
    };
    const attach = (user: string, recordId: number, file: { name: string; bytes: Uint8Array }, recordKind = 'movement') => {
      const f = form({ recordKind, recordId }, file);
      return t.call(user, 'POST', `Documents?${q()}`, f.payload, f.headers);
    };

    it('attaches by content, lists, answers the bytes, keeps one copy of the same file and lets it go with the last document', async () => {
      const first = await expense('Beleg 1');
      const second = await expense('Beleg 2');
      const before = await counts();
      // a PNG named .pdf is a PNG: the name does not decide
      const a = await attach('zwei', first.id, { name: 'Foto vom Beleg.pdf', bytes: png });
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json()).toMatchObject({
        recordKind: 'movement',
        recordId: first.id,
        fileName: 'Foto vom Beleg.pdf',
        contentType: 'image/png',
        size: png.length,
      });
      expect(a.json().sha256).toBe(createHash('sha256').update(png).digest('hex'));
      expect(a.json().createdBy).toBe('Zita Zweifach');
      const b = await attach('zwei', first.id, { name: 'Rechnung März.pdf', bytes: pdf });
      const c = await attach('zwei', second.id, { name: 'Kopie.png', bytes: png });
      expect([b.statusCode, c.statusCode]).toEqual([200, 200]);
      expect(await counts()).toEqual([before[0] + 3, before[1] + 2]);

      const list = await t.call('zwei', 'GET', `Documents?${q()}&recordKind=movement&recordId=${first.id}`);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((d: { fileName: string; contentType: string }) => [d.fileName, d.contentType])).toEqual([
        ['Foto vom Beleg.pdf', 'image/png'],
        ['Rechnung März.pdf', 'application/pdf'],
      ]);
      const bytes = await t.call('revisor', 'GET', `Documents/${b.json().id}?${q()}`);
      expect(bytes.statusCode).toBe(200);
      expect(bytes.headers['content-type']).toBe('application/pdf');
      expect(bytes.headers['content-disposition']).toBe(`attachment; filename="Rechnung M_rz.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`);
      expect(Buffer.compare(bytes.rawPayload, pdf)).toBe(0);

      // deleting one copy of the PNG keeps the bytes for the other; the last one takes them along
      expect((await t.call('zwei', 'DELETE', `Documents/${a.json().id}?${q()}`)).json()).toEqual({ id: a.json().id, deleted: true });
      expect(await counts()).toEqual([before[0] + 2, before[1] + 2]);
      expect((await t.call('zwei', 'DELETE', `Documents/${c.json().id}?${q()}`)).statusCode).toBe(200);
      expect(await counts()).toEqual([before[0] + 1, before[1] + 1]);
      expect((await t.call('zwei', 'GET', `Documents/${c.json().id}?${q()}`)).json().details.Message).toBe('NotFound');

      // the latest record deleted takes its documents and their bytes along
      const latest = await expense('zuletzt');
      expect((await attach('zwei', latest.id, { name: 'beleg.jpg', bytes: jpeg })).statusCode).toBe(200);
      expect(await counts()).toEqual([before[0] + 2, before[1] + 2]);
      const removed = await t.call('zwei', 'DELETE', `Movements/Expenses?${q()}&recordNumber=${latest.recordNumber}`);
      expect(removed.json().deleted).toBe(true);
      expect(await counts()).toEqual([before[0] + 1, before[1] + 1]);
    });

    it('counts the receipts of a record beside it: the record picker, the chapter register and the cash journal (the paperclip)', async () => {
      const record = await expense('Beleg mit Büroklammer');
      const bare = await expense('ohne Beleg');
      for (const name of ['a.pdf', 'b.png']) expect((await attach('zwei', record.id, { name, bytes: name.endsWith('png') ? png : pdf })).statusCode).toBe(200);
      const receiptsOf = (rows: { movementId?: number; id?: number; receipts: number }[], id: number) =>
        rows.filter((r) => (r.movementId ?? r.id) === id).map((r) => r.receipts);
      const picker = (await t.call('zwei', 'GET', `Movements/Expenses?${q()}&pageSize=10`)).json().entities;
      expect([receiptsOf(picker, record.id), receiptsOf(picker, bare.id)]).toEqual([[2], [0]]);
      const register = (await t.call('zwei', 'GET', `Digests/Chapters?${q()}&chapter=21006`)).json().movements;
      expect([receiptsOf(register, record.id), receiptsOf(register, bare.id)]).toEqual([[2], [0]]);
      const journal = (await t.call('zwei', 'GET', `Digests/CashJournal?${q()}&accountCode=K1`)).json().movements;
      expect([receiptsOf(journal, record.id), receiptsOf(journal, bare.id)]).toEqual([[2], [0]]);
    });

    it('is documented in OpenAPI: the upload as a multipart form with the file, the download by its types', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<
          string,
          Record<
            string,
            {
              requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> };
              responses: Record<string, { content?: Record<string, unknown> }>;
            }
          >
        >;
      };
      const upload = doc.paths['/Documents']?.post?.requestBody?.content['multipart/form-data']?.schema;
      expect(upload?.properties.file).toMatchObject({ type: 'string', format: 'binary' });
      expect(upload?.required).toEqual(['file']);
      const parameters = (doc.paths['/Documents']?.post as unknown as { parameters: { name: string; in: string }[] }).parameters;
      expect(parameters.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(expect.arrayContaining(['departmentId', 'year', 'recordKind', 'recordId']));
      expect(Object.keys(doc.paths['/Documents/{id}']?.get?.responses['200']?.content ?? {})).toEqual([
        'application/pdf',
        'image/jpeg',
        'image/png',
        'application/xml',
        'application/pkcs7-mime',
      ]);
    });

    it('refuses another type (415 DocumentType), a file over the limit (413 PayloadTooLarge), a foreign record and the auditor; nothing written', async () => {
      const record = await expense('Beleg 3');
      const before = await counts();
      const exe = await attach('zwei', record.id, { name: 'rechnung.pdf', bytes: Buffer.from('MZ\x90\x00 this is a program') });
      expect([exe.statusCode, exe.json().details.Message]).toEqual([415, 'DocumentType']);
      const big = await attach('zwei', record.id, { name: 'gross.pdf', bytes: Buffer.concat([pdf, Buffer.alloc(LIMIT, 0x20)]) });
      expect([big.statusCode, big.json().details.Message]).toEqual([413, 'PayloadTooLarge']);
      const unknown = await attach('zwei', 999_999, { name: 'x.pdf', bytes: pdf });
      expect([unknown.statusCode, unknown.json().details.Message]).toEqual([404, 'RecordNotFound']);
      // a movement of 101 is not a record of 102's scope
      const [foreign] = await execRows<{ id: number }>(
        t.handle.db,
        sql`select m.id from movements m join departments d on d.id = m.department_id where d.code = '101' and m.year = ${PREV} limit 1`,
      );
      expect(foreign).toBeDefined();
      const other = await attach('zwei', Number(foreign!.id), { name: 'x.pdf', bytes: pdf });
      expect(other.json().details.Message).toBe('RecordNotFound');
      const auditor = await attach('revisor', record.id, { name: 'x.pdf', bytes: pdf });
      expect([auditor.statusCode, auditor.json().details.Message]).toEqual([403, 'ReadOnlyAccess']);
      // the current year's budget is not approved in the demo: no receipts there either
      const unapproved = form({ recordKind: 'movement', recordId: record.id }, { name: 'x.pdf', bytes: pdf });
      const early = await t.call('zwei', 'POST', `Documents?departmentId=${t.dept('102')}&year=${YEAR}`, unapproved.payload, unapproved.headers);
      expect(early.json().details.Message).toBe('BudgetNotApproved');
      expect(await counts()).toEqual(before);
      // the auditor reads the list
      const list = await t.call('revisor', 'GET', `Documents?${q()}&recordKind=movement&recordId=${record.id}`);
      expect([list.statusCode, list.json()]).toEqual([200, []]);
    });

    it('deletes only while the record may change: a bill in an order (PaymentInOrder), a registered order (OrderRegistered), a closed budget (BudgetClosed); the receipt stays', async () => {
      const db = t.handle.db;
      const scope = { departmentId: t.dept('102'), year: PREV };
      const [b1] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.departmentId, scope.departmentId), eq(accounts.code, 'B1')));
      const [supplier] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.departmentId, scope.departmentId)).limit(1);
      // an open bill whose instalment a stored (unregistered) order holds
      const saved = await t.call('zwei', 'POST', `Movements?${q()}`, {
        kind: 'expenses',
        type: 2,
        recordDate: `${PREV}-06-01`,
        documentDate: `${PREV}-06-01`,
        documentNumber: 'BELEG-ORDER',
        accountId: b1!.id,
        supplierId: supplier!.id,
        positions: [{ chapter: '21006', amount: 7.5, note: 'im Auftrag' }],
        confirmAvailableExceeded: true,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const bill = saved.json() as { id: number; payments: { id: number }[] };
      const [order] = await db
        .insert(paymentOrders)
        .values({
          ...scope,
          orderNumber: 91,
          accountId: b1!.id,
          paymentRange: 1,
          paymentDate: `${PREV}-06-02`,
          filename: 'beleg',
          msgId: `FWH-102-${PREV}-000091`,
        })
        .returning({ id: paymentOrders.id });
      await db.insert(paymentOrderItems).values({ orderId: order!.id, paymentId: bill.payments[0]!.id, movementId: bill.id });
      const onBill = await attach('zwei', bill.id, { name: 'rechnung.pdf', bytes: pdf });
      const onOrder = await attach('zwei', order!.id, { name: 'auftrag.pdf', bytes: pdf }, 'order');
      expect([onBill.statusCode, onOrder.statusCode], onOrder.body).toEqual([200, 200]);
      const plain = await expense('Beleg im geschlossenen Haushalt');
      const onPlain = await attach('zwei', plain.id, { name: 'quittung.png', bytes: png });
      expect(onPlain.statusCode).toBe(200);
      const refusal = async (id: number) => {
        const res = await t.call('zwei', 'DELETE', `Documents/${id}?${q()}`);
        return [res.statusCode, res.json().details?.Message, res.json().details?.Params];
      };
      // a cashier of another brigade neither reads nor deletes it
      const stranger = await t.call('kassier', 'GET', `Documents/${onPlain.json().id}?${q()}`);
      expect([stranger.statusCode, stranger.json().details.Message]).toEqual([403, 'DepartmentNotAllowed']);
      expect((await t.call('kassier', 'DELETE', `Documents/${onPlain.json().id}?${q()}`)).json().details.Message).toBe('DepartmentNotAllowed');
      const before = await counts();
      expect(await refusal(onBill.json().id)).toEqual([409, 'PaymentInOrder', { orderNumber: 91, orderYear: PREV }]);
      // the stored order's own receipt may go until the bank's date is registered
      await db
        .update(paymentOrders)
        .set({ registeredAt: new Date(`${PREV}-06-03T10:00:00Z`), datePaid: `${PREV}-06-03` })
        .where(eq(paymentOrders.id, order!.id));
      expect((await refusal(onOrder.json().id)).slice(0, 2)).toEqual([409, 'OrderRegistered']);
      expect((await refusal(onBill.json().id)).slice(0, 2)).toEqual([409, 'PaymentInOrder']);
      const head = and(eq(budgetHeads.departmentId, scope.departmentId), eq(budgetHeads.year, PREV));
      await db
        .update(budgetHeads)
        .set({ finalApproved: `${YEAR}-03-30` })
        .where(head);
      try {
        expect((await refusal(onPlain.json().id)).slice(0, 2)).toEqual([409, 'BudgetClosed']);
        expect((await attach('zwei', plain.id, { name: 'noch.pdf', bytes: pdf })).json().details.Message).toBe('BudgetClosed');
        // reading stays possible
        expect((await t.call('zwei', 'GET', `Documents/${onPlain.json().id}?${q()}`)).statusCode).toBe(200);
      } finally {
        await db.update(budgetHeads).set({ finalApproved: null }).where(head);
      }
      expect(await counts()).toEqual(before);
      // open again: the plain receipt goes
      expect((await t.call('zwei', 'DELETE', `Documents/${onPlain.json().id}?${q()}`)).json()).toEqual({ id: onPlain.json().id, deleted: true });
    });

    it('the typed client attaches as base64, lists, downloads and deletes; the auditor reads but may not attach', async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const client = createClient({ url, token: await t.token('zwei'), retries: 0 });
      const auditor = createClient({ url, token: await t.token('revisor'), retries: 0 });
      const record = await expense('Beleg vom Skript');
      const scope = { departmentId: t.dept('102'), year: PREV };
      const before = await counts();
      const doc = await client.documents.attach.mutate({
        ...scope,
        recordKind: 'movement',
        recordId: record.id,
        fileName: 'skript.png',
        content: png.toString('base64'),
      });
      expect(doc).toMatchObject({ recordId: record.id, fileName: 'skript.png', contentType: 'image/png', size: png.length });
      expect((await client.documents.list.query({ ...scope, recordKind: 'movement', recordId: record.id })).map((d) => d.id)).toEqual([doc.id]);
      const back = await auditor.documents.download.query({ ...scope, id: doc.id });
      expect([back.fileName, back.contentType, back.size]).toEqual(['skript.png', 'image/png', png.length]);
      expect(Buffer.compare(Buffer.from(back.base64, 'base64'), png)).toBe(0);
      // the type is read from the content also here; the auditor writes nothing
      const refused = (call: Promise<unknown>) =>
        call.then(
          () => 'ok',
          (e: { data?: { appCode?: string } }) => e.data?.appCode,
        );
      expect(
        await refused(
          client.documents.attach.mutate({
            ...scope,
            recordKind: 'movement',
            recordId: record.id,
            fileName: 'x.pdf',
            content: Buffer.from('MZ program').toString('base64'),
          }),
        ),
      ).toBe('DocumentType');
      expect(
        await refused(
          auditor.documents.attach.mutate({ ...scope, recordKind: 'movement', recordId: record.id, fileName: 'x.pdf', content: pdf.toString('base64') }),
        ),
      ).toBe('ReadOnlyAccess');
      // the PNG's bytes were stored before: one document more, no second copy
      expect(await counts()).toEqual([before[0] + 1, before[1]]);
      expect(await client.documents.delete.mutate({ ...scope, id: doc.id })).toEqual({ id: doc.id, deleted: true });
      expect(await counts()).toEqual(before);
    });

    it('streams a download in pieces: each read by its own query, the server never holds the whole file', async () => {
      const record = await expense('großer Beleg');
      const big = Buffer.concat([pdf, Buffer.from(Array.from({ length: 40_000 }, (_, i) => i % 251))]);
      const doc = await attach('zwei', record.id, { name: 'gross.pdf', bytes: big });
      expect(doc.statusCode, doc.body).toBe(200);
      const stream = await documentStream(t.handle.db, { departmentId: t.dept('102'), year: PREV }, { id: doc.json().id }, 16 * 1024);
      expect([stream.fileName, stream.contentType, stream.size]).toEqual(['gross.pdf', 'application/pdf', big.length]);
      const pieces: Uint8Array[] = [];
      for await (const piece of stream.chunks) pieces.push(piece);
      expect(pieces.map((p) => p.byteLength)).toEqual([16 * 1024, 16 * 1024, big.length - 32 * 1024]);
      expect(Buffer.compare(Buffer.concat(pieces), big)).toBe(0);
      // over REST the same bytes, with their type and name
      const res = await t.call('zwei', 'GET', `Documents/${doc.json().id}?${q()}`);
      expect([res.statusCode, res.headers['content-type'], res.headers['content-disposition']]).toEqual([
        200,
        'application/pdf',
        'attachment; filename="gross.pdf"',
      ]);
      expect(Buffer.compare(res.rawPayload, big)).toBe(0);
      await expect(documentStream(t.handle.db, { departmentId: t.dept('101'), year: PREV }, { id: doc.json().id })).rejects.toThrow('NotFound');
    });
  });
}

/**
 * A large receipt (issue 28: the upload held at most once): 5 MB and more, under a 6 MB limit. The multipart
 * upload is read in pieces of 1 MB and stored so (document_chunks, one row a piece), with the SHA-256 of the
 * whole; the download answers the same bytes; the same file again adds only its document row; a file one byte
 * over the limit is 413 PayloadTooLarge and writes nothing (no document, no content, no piece).
 */
for (const target of testDatabases()) {
  describe(`REST documents, a large file [${target.name}]`, () => {
    const BIG_LIMIT = 6 * 1024 * 1024;
    const t = restTestApp(target, { ipPrefix: '10.8.38', signIn: ['zwei'], departments: true, documentMaxBytes: BIG_LIMIT });
    const q = () => `departmentId=${t.dept('102')}&year=${PREV}`;
    const stored = async () => {
      const [row] = await execRows<Record<'documents' | 'contents' | 'chunks', number | string>>(
        t.handle.db,
        sql`select (select count(*) from documents) as documents, (select count(*) from document_contents) as contents,
                   (select count(*) from document_chunks) as chunks`,
      );
      return [Number(row!.documents), Number(row!.contents), Number(row!.chunks)];
    };
    /** A PDF of `size` bytes: its head, then bytes that differ from piece to piece (so a misplaced piece shows). */
    const bigPdf = (size: number) => {
      const bytes = Buffer.alloc(size);
      pdf.copy(bytes);
      for (let i = pdf.length; i < size; i++) bytes[i] = (i * 31 + (i >> 20) * 7) & 0xff;
      return bytes;
    };

    it('round-trips 5 MB byte-exact with its SHA-256, stored in pieces of 1 MB once; one byte over the limit writes nothing', async () => {
      const [movement] = await execRows<{ id: number }>(
        t.handle.db,
        sql`select m.id from movements m join departments d on d.id = m.department_id where d.code = '102' and m.year = ${PREV} order by m.id limit 1`,
      );
      const recordId = Number(movement!.id);
      const send = (bytes: Uint8Array, name: string) => {
        const f = form({ recordKind: 'movement', recordId }, { name, bytes });
        return t.call('zwei', 'POST', `Documents?${q()}`, f.payload, f.headers);
      };
      const before = await stored();
      const big = bigPdf(5 * 1024 * 1024 + 12_345);
      const sha256 = createHash('sha256').update(big).digest('hex');
      const doc = await send(big, 'gross.pdf');
      expect(doc.statusCode, doc.body).toBe(200);
      expect(doc.json()).toMatchObject({ contentType: 'application/pdf', size: big.length, sha256 });
      expect(await stored()).toEqual([before[0]! + 1, before[1]! + 1, before[2]! + 6]);
      const pieces = await execRows<{ seq: number; length: number | string }>(
        t.handle.db,
        sql`select seq, octet_length(bytes) as length from document_chunks where sha256 = ${sha256} order by seq`,
      );
      expect(pieces.map((p) => [Number(p.seq), Number(p.length)])).toEqual([0, 1, 2, 3, 4, 5].map((seq) => [seq, seq < 5 ? 1024 * 1024 : 12_345]));
      const back = await t.call('zwei', 'GET', `Documents/${doc.json().id}?${q()}`);
      expect(back.statusCode).toBe(200);
      expect(back.rawPayload.length).toBe(big.length);
      expect(createHash('sha256').update(back.rawPayload).digest('hex')).toBe(sha256);
      expect(Buffer.compare(back.rawPayload, big)).toBe(0);
      // the same file again: one document more, its bytes not again
      const again = await send(big, 'Kopie.pdf');
      expect([again.statusCode, again.json().sha256]).toEqual([200, sha256]);
      expect(await stored()).toEqual([before[0]! + 2, before[1]! + 1, before[2]! + 6]);
      // one byte over the limit: refused while it streams in, nothing written
      const written = await stored();
      const tooBig = await send(bigPdf(BIG_LIMIT + 1), 'zu-gross.pdf');
      expect([tooBig.statusCode, tooBig.json().details.Message]).toEqual([413, 'PayloadTooLarge']);
      expect(await stored()).toEqual(written);
    });
  });
}
