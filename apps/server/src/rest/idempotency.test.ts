import { schema } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * Idempotency keys (issue 26): every save takes `Idempotency-Key`; the same key within a day answers
 * the first answer and writes nothing, on REST and tRPC alike; the same key with another request is
 * 409 IdempotencyKeyReused; keys are per user; a refused save keeps no key. The save is a movement
 * template (each create takes the next code, so a second write would be a second template).
 */
for (const target of testDatabases()) {
  describe(`idempotency keys [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.61', signIn: ['kassier', 'supervisor'], departments: true });
    const scope = () => ({ departmentId: t.dept('101'), year: YEAR });
    const query = () => `departmentId=${t.dept('101')}&year=${YEAR}`;
    const template = (name: string) => ({ descriptionDeu: name, descriptionIta: `${name} it`, positions: [{ chapter: '21007' }] });

    /** The department's templates of that description (their codes). */
    async function stored(name: string): Promise<number[]> {
      const rows = await t.handle.db
        .select({ code: schema.movementTemplates.code })
        .from(schema.movementTemplates)
        .where(and(eq(schema.movementTemplates.departmentId, t.dept('101')), eq(schema.movementTemplates.descriptionDeu, name)));
      return rows.map((r) => r.code).sort((a, b) => a - b);
    }
    const rest = (user: string, name: string, key?: string) =>
      t.call(user, 'POST', `MovementTemplates?${query()}`, template(name), key ? { 'idempotency-key': key } : {});
    const trpc = (user: string, path: string, input: object, key?: string) =>
      t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...t.auth(user), ...(key ? { 'idempotency-key': key } : {}) }, payload: input });

    it('REST: the same key twice writes once and answers the first answer', async () => {
      const first = await rest('kassier', 'Schlüssel REST', 'rest-key-1');
      expect(first.statusCode, first.body).toBe(200);
      const again = await rest('kassier', 'Schlüssel REST', 'rest-key-1');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toBe(first.json());
      expect(await stored('Schlüssel REST')).toEqual([first.json()]);
      // without a key every POST is a new save (as before)
      await rest('kassier', 'Ohne Schlüssel');
      await rest('kassier', 'Ohne Schlüssel');
      expect(await stored('Ohne Schlüssel')).toHaveLength(2);
    });

    it('tRPC: the same key twice writes once and answers the first answer (a save with a read answer too)', async () => {
      const first = await trpc('kassier', 'templates.create', { ...scope(), ...template('Schlüssel tRPC') }, 'trpc-key-1');
      expect(first.statusCode, first.body).toBe(200);
      const again = await trpc('kassier', 'templates.create', { ...scope(), ...template('Schlüssel tRPC') }, 'trpc-key-1');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const [code] = await stored('Schlüssel tRPC');
      expect(await stored('Schlüssel tRPC')).toEqual([code]);
      // templates.save answers the template read in its transaction; the repeat answers it unchanged
      const save = { ...scope(), code, positions: [{ chapter: '21010' }], transferPositions: [] };
      const saved = await trpc('kassier', 'templates.save', save, 'trpc-key-2');
      expect(saved.statusCode, saved.body).toBe(200);
      const body = saved.json() as { result: { data: { positions: { chapter: string }[] } } };
      expect(body.result.data.positions.map((p) => p.chapter)).toEqual(['21010']);
      expect((await trpc('kassier', 'templates.save', save, 'trpc-key-2')).json()).toEqual(body);
    });

    it('the same key with another request is 409 IdempotencyKeyReused and writes nothing (REST and tRPC)', async () => {
      const other = await rest('kassier', 'Anderer Inhalt', 'rest-key-1');
      expect(other.statusCode).toBe(409);
      expect(other.json().details.Message).toBe('IdempotencyKeyReused');
      const trpcOther = await trpc('kassier', 'templates.create', { ...scope(), ...template('Anderer Inhalt') }, 'trpc-key-1');
      expect(trpcOther.statusCode).toBe(409);
      expect((trpcOther.json() as { error: { data: { appCode: string } } }).error.data.appCode).toBe('IdempotencyKeyReused');
      // another procedure under the key of a create is another request too
      const [code] = await stored('Schlüssel tRPC');
      const otherProcedure = await trpc('kassier', 'templates.delete', { ...scope(), code }, 'trpc-key-1');
      expect(otherProcedure.statusCode).toBe(409);
      expect(await stored('Anderer Inhalt')).toEqual([]);
      expect(await stored('Schlüssel tRPC')).toEqual([code]);
    });

    it('keys are per user: another user with the same key saves independently', async () => {
      const mine = await rest('kassier', 'Zwei Benutzer', 'shared-key');
      const theirs = await rest('supervisor', 'Zwei Benutzer', 'shared-key');
      expect(mine.statusCode).toBe(200);
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(theirs.json()).not.toBe(mine.json());
      expect(await stored('Zwei Benutzer')).toEqual([mine.json(), theirs.json()].sort((a, b) => a - b));
    });

    it('a double click (two attempts at once with one key) writes once; both get the same answer', async () => {
      const [a, b] = await Promise.all([rest('kassier', 'Doppelklick', 'double-click'), rest('kassier', 'Doppelklick', 'double-click')]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(b.json()).toBe(a.json());
      expect(await stored('Doppelklick')).toEqual([a.json()]);
    });

    it('a refused save keeps no key; a key older than a day is a new key; a malformed key is InvalidValue', async () => {
      const refused = await trpc('kassier', 'templates.create', { ...scope(), ...template('Abgelehnt'), positions: [{ chapter: '21999' }] }, 'refused-key');
      expect(refused.statusCode).toBe(404); // ChapterNotFound
      const fixed = await trpc('kassier', 'templates.create', { ...scope(), ...template('Abgelehnt') }, 'refused-key');
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(await stored('Abgelehnt')).toHaveLength(1);

      const first = await rest('kassier', 'Gestern', 'old-key');
      await t.handle.db
        .update(schema.idempotencyKeys)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(like(schema.idempotencyKeys.key, 'old-key'));
      const next = await rest('kassier', 'Gestern', 'old-key');
      expect(next.statusCode).toBe(200);
      expect(next.json()).toBe(first.json() + 1);
      expect(await stored('Gestern')).toHaveLength(2);

      const tooLong = await rest('kassier', 'Zu lang', 'x'.repeat(101));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().details).toMatchObject({ Message: 'InvalidValue' });
      expect(await stored('Zu lang')).toEqual([]);
    });
  });
}
