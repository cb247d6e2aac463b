import { expect, it } from 'vitest';
import { PageInput, pageWindow, toPage, totalPages } from './paging.ts';

it('pages collections', () => {
  expect(PageInput.parse({})).toEqual({ page: 1, pageSize: 30 });
  expect(pageWindow({ page: 3, pageSize: 10 })).toEqual({ limit: 10, offset: 20 });
  expect(totalPages(0, 10)).toBe(1);
  expect(totalPages(21, 10)).toBe(3);
  expect(toPage(['a'], 21, { page: 3, pageSize: 10 })).toEqual({ entities: ['a'], page: 3, pageSize: 10, totalPages: 3, total: 21 });
  expect(PageInput.safeParse({ pageSize: 1001 }).success).toBe(false);
});
