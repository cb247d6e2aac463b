import { describe, expect, it } from 'vitest';
import { keepsSearch } from './scopeIgnores.ts';

describe('scope changes', () => {
  it('suppliers and accounts keep the editor on a year change only', () => {
    expect(keepsSearch('year', { dept: '101', year: 2026 }, { dept: '101', year: 2025 })).toBe(true);
    expect(keepsSearch('year', { dept: '101', year: 2026 }, { dept: '102', year: 2026 })).toBe(false);
    expect(keepsSearch(undefined, { dept: '101', year: 2026 }, { dept: '101', year: 2025 })).toBe(false);
    expect(keepsSearch('department', { dept: '101', year: 2026 }, { dept: '102', year: 2026 })).toBe(true);
  });
});
