import { describe, expect, it } from 'vitest';
import { amountEditText, amountText, readAmountText } from './amount.ts';
import { readDateText } from './date.ts';
import { isCloseKey, isConfirmKey, isSaveKey } from './keys.ts';
import { toastDurations, toastOptions } from './toast.ts';
import { leavesForm } from './unsaved.ts';
import { exceededLines } from '../lib/errors.ts';

describe('AmountInput helpers', () => {
  it('formats on blur and keeps integer cents', () => {
    expect(readAmountText('1234,5')).toEqual({ value: 123450, text: '1.234,50 €', invalid: false });
    expect(readAmountText('1.234,56 €')).toEqual({ value: 123456, text: '1.234,56 €', invalid: false });
    expect(readAmountText('-0,5')).toEqual({ value: -50, text: '-0,50 €', invalid: false });
    expect(readAmountText('  ')).toEqual({ value: null, text: '', invalid: false });
  });
  it('keeps invalid text for correction', () => {
    expect(readAmountText('12,345')).toEqual({ value: null, text: '12,345', invalid: true });
    expect(readAmountText('abc')).toMatchObject({ invalid: true, value: null });
  });
  it('shows plain digits while editing', () => {
    expect(amountEditText(123450)).toBe('1234,50');
    expect(amountEditText(null)).toBe('');
    expect(amountText(-123456789)).toBe('-1.234.567,89 €');
  });
});

describe('DateInput helpers', () => {
  it('accepts DD.MM.YYYY and DD.MM.YY', () => {
    expect(readDateText('31.12.2026')).toEqual({ value: '2026-12-31', text: '31.12.2026', invalid: false });
    expect(readDateText('1.2.26')).toEqual({ value: '2026-02-01', text: '01.02.2026', invalid: false });
  });
  it('rejects impossible dates and other formats', () => {
    expect(readDateText('31.02.2026').invalid).toBe(true);
    expect(readDateText('2026-12-31').invalid).toBe(true);
    expect(readDateText('')).toEqual({ value: null, text: '', invalid: false });
  });
});

describe('ConfirmDialog keys', () => {
  it('Enter and NumpadEnter confirm, Escape closes', () => {
    expect(isConfirmKey({ key: 'Enter', code: 'Enter' })).toBe(true);
    expect(isConfirmKey({ key: 'Enter', code: 'NumpadEnter' })).toBe(true);
    expect(isConfirmKey({ key: 'a', code: 'KeyA' })).toBe(false);
    expect(isCloseKey({ key: 'Escape', code: 'Escape' })).toBe(true);
    expect(isConfirmKey({ key: 'Escape', code: 'Escape' })).toBe(false);
  });
  it('Ctrl+Enter and Cmd+Enter save, Enter alone does not', () => {
    expect(isSaveKey({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSaveKey({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSaveKey({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSaveKey({ key: 's', ctrlKey: true, metaKey: false })).toBe(false);
  });
});

describe('the overbooking question', () => {
  it('reads the lines an AvailableExceeded names with their excess (cents, in the order of the chapters)', () => {
    expect(exceededLines({ chapter: '21002,21005/2025', excess: '41810,500' })).toEqual([
      { chapter: '21002', chapterYear: null, excess: 41810 },
      { chapter: '21005', chapterYear: 2025, excess: 500 },
    ]);
    // an older server without the excess: the lines alone
    expect(exceededLines({ chapter: '21002' })).toEqual([{ chapter: '21002', chapterYear: null, excess: null }]);
    expect(exceededLines({})).toEqual([]);
  });
});

describe('UnsavedChangesGuard', () => {
  it('blocks only when the path changes', () => {
    expect(leavesForm('/dept/101/year/2026/budget/forecast/details', '/dept/101/year/2025/budget/forecast/details')).toBe(true);
    expect(leavesForm('/dept/101/year/2026/users', '/dept/101/year/2026/users/')).toBe(false);
    expect(leavesForm('/dept/101/year/2026/users', '/dept/101/year/2026/users')).toBe(false);
  });
});

describe('toasts', () => {
  it('success 1.5 s, error 4 s, default 2.8 s', () => {
    expect(toastDurations).toEqual({ success: 1500, error: 4000, info: 2800 });
    expect(toastOptions('error', 'x').autoClose).toBe(4000);
    expect(toastOptions('success', 'x').color).toBe('green');
  });
});
