import { z } from 'zod';
import { Int } from './primitives.ts';

/** Default page sizes: generic collections 30 (spec 1 §9), screen tables 10 (options 10/15/20/30), chapter picker 20. */
export const DEFAULT_PAGE_SIZE = 30;
export const TABLE_PAGE_SIZES = [10, 15, 20, 30] as const;
export const MAX_PAGE_SIZE = 1000;

/** Paging of every collection read: page is 1-based. */
export const PageInput = z.object({
  page: Int.min(1).default(1),
  pageSize: Int.min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageInput = z.infer<typeof PageInput>;

export interface Page<T> {
  entities: T[];
  page: number;
  pageSize: number;
  totalPages: number;
  total: number;
}

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** limit/offset of a page. */
export function pageWindow(input: { page: number; pageSize: number }): { limit: number; offset: number } {
  return { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
}

export function toPage<T>(entities: T[], total: number, input: { page: number; pageSize: number }): Page<T> {
  return { entities, page: input.page, pageSize: input.pageSize, totalPages: totalPages(total, input.pageSize), total };
}
