import { describe, expect, it } from 'vitest';
import { AUDIT_MAX_DEPTH, sanitise } from './auditRecord.ts';

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
});
