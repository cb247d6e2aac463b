import { describe, expect, it } from 'vitest';
import { AUDIT_MAX_DEPTH, sanitise, saveEntry } from './auditRecord.ts';

describe('audit trail: what a save writes into changes', () => {
  it('drops every key naming a secret, at any depth', () => {
    expect(sanitise({ username: 'kassier', password: 'x', user: { newPassword: 'y', tokenHash: 'z', name: 'K' }, list: [{ secret: 1, a: 2 }] })).toEqual({
      username: 'kassier',
      user: { name: 'K' },
      list: [{ a: 2 }],
    });
  });

  it('keeps a record with its positions whole and cuts a hostile nesting at the depth limit', () => {
    const record = { departmentId: 4, positions: [{ chapterId: 7, amount: 12_345, note: null }] };
    expect(sanitise(record)).toEqual(record);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20_000; i += 1) deep = { a: [deep] };
    const kept = sanitise(deep);
    let levels = 0;
    let cursor: unknown = kept;
    while (cursor !== null && typeof cursor === 'object') {
      cursor = Array.isArray(cursor) ? cursor[0] : (cursor as { a: unknown }).a;
      levels += 1;
    }
    expect(levels).toBe(AUDIT_MAX_DEPTH);
    expect(cursor).toBe('…');
  });

  it('names the record: a payment order by its id and number wherever the answer holds them; a cancelling delete as cancelled', () => {
    const scope = { departmentId: 4, year: 2026 };
    const of = (path: string, action: 'stored' | 'registered' | 'cancelled' | 'deleted', input: unknown, answer: unknown) => {
      const e = saveEntry(path, { entity: 'paymentOrder', action }, input, answer);
      return [e.entityId, e.recordNumber, e.action];
    };
    expect(of('payments.store', 'stored', { ...scope, orderNumber: 5 }, { id: 31, orderNumber: 5 })).toEqual([31, 5, 'stored']);
    expect(of('payments.cancel', 'cancelled', { ...scope, orderId: 31 }, { id: 31, orderNumber: 5 })).toEqual([31, 5, 'cancelled']);
    expect(of('payments.register', 'registered', { ...scope, orderId: 31 }, { order: { id: 31, orderNumber: 5 }, items: [] })).toEqual([31, 5, 'registered']);
    expect(of('movements.delete', 'deleted', { ...scope, recordNumber: 3 }, { deleted: false, cancelled: true, recordNumber: 3 })).toEqual([
      null,
      3,
      'cancelled',
    ]);
    expect(of('movements.delete', 'deleted', { ...scope, recordNumber: 4 }, { deleted: true, cancelled: false, recordNumber: 4 })).toEqual([
      null,
      4,
      'deleted',
    ]);
  });
});
