import { describe, expect, it } from 'vitest';
import { AUDIT_COUNT_CAP, readAllAuditPages } from './audit.ts';

/** A paged read of `n` rows whose count stops at the cap, like audit.list; it records the pages asked for. */
function pagedRead(n: number) {
  const asked: number[] = [];
  const read = async (input: { page: number; pageSize: number; year?: number }) => {
    asked.push(input.page);
    const from = (input.page - 1) * input.pageSize;
    const total = Math.min(n, AUDIT_COUNT_CAP);
    return {
      entities: Array.from({ length: Math.max(0, Math.min(input.pageSize, n - from)) }, (_, i) => from + i),
      total,
      totalPages: Math.ceil(total / input.pageSize),
      more: n > AUDIT_COUNT_CAP,
    };
  };
  return { read, asked };
}

describe('reading every page of the trail (issue 27: the exports and the audit pack)', () => {
  it('stops at the first short page, keeps the filter, and reads beyond the count cap', async () => {
    const seven = pagedRead(7);
    expect(await readAllAuditPages(seven.read, { year: 2025 }, 3)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(seven.asked).toEqual([1, 2, 3]);
    // an exact multiple: the empty page after the last full one ends it
    const six = pagedRead(6);
    expect(await readAllAuditPages(six.read, {}, 3)).toHaveLength(6);
    expect(six.asked).toEqual([1, 2, 3]);
    expect(await readAllAuditPages(pagedRead(0).read, {}, 3)).toEqual([]);
    // more rows than the list counts: its totalPages says 10 pages of 1,000, the rows go on
    const beyond = pagedRead(AUDIT_COUNT_CAP + 1_500);
    const rows = await readAllAuditPages(beyond.read, {});
    expect(rows).toHaveLength(AUDIT_COUNT_CAP + 1_500);
    expect(beyond.asked).toHaveLength(12);
  });
});
