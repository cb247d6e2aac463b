import { describe, expect, it } from 'vitest';
import { chaptersText, transferDescription } from './digestText.ts';
import { isSettled, requestedPage } from './paging.ts';
import { nextOpenPanel, panelOfKey, shortcutDigit } from './panels.ts';
import { digestRowHref, lastPage } from './rowTarget.ts';

const key = (code: string, mods: Partial<Record<'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey', boolean>> = {}) => ({
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  code,
  ...mods,
});

describe('panel shortcuts', () => {
  it('Alt+Shift+1/2/3 (digit row or keypad) open cash journal, chapter register, supplier digest', () => {
    expect(panelOfKey(key('Digit1', { altKey: true, shiftKey: true }))).toBe('cashJournal');
    expect(panelOfKey(key('Digit2', { altKey: true, shiftKey: true }))).toBe('chapterDigest');
    expect(panelOfKey(key('Numpad3', { altKey: true, shiftKey: true }))).toBe('supplierDigest');
    expect([shortcutDigit('cashJournal'), shortcutDigit('chapterDigest'), shortcutDigit('supplierDigest')]).toEqual([1, 2, 3]);
  });
  it('other keys and other modifiers (Alt alone switches tabs, Ctrl+Alt is AltGr) open nothing', () => {
    expect(panelOfKey(key('Digit4', { altKey: true, shiftKey: true }))).toBeNull();
    expect(panelOfKey(key('Digit1', { altKey: true }))).toBeNull();
    expect(panelOfKey(key('Digit1', { shiftKey: true }))).toBeNull();
    expect(panelOfKey(key('Digit1', { altKey: true, shiftKey: true, ctrlKey: true }))).toBeNull();
    expect(panelOfKey(key('Digit1', { altKey: true, shiftKey: true, metaKey: true }))).toBeNull();
    expect(panelOfKey(key('KeyK', { altKey: true, shiftKey: true }))).toBeNull();
    expect(panelOfKey(key('Enter', { ctrlKey: true }))).toBeNull();
  });
  it('the same shortcut closes its panel, another one switches', () => {
    expect(nextOpenPanel(null, 'cashJournal')).toBe('cashJournal');
    expect(nextOpenPanel('cashJournal', 'cashJournal')).toBeNull();
    expect(nextOpenPanel('cashJournal', 'supplierDigest')).toBe('supplierDigest');
  });
});

describe('a digest row opens its record in the digest year', () => {
  const scope = { dept: '102', year: 2025 };
  it('movements at movements/{kind}/{recordNumber}', () => {
    expect(digestRowHref({ kind: 'revenue', movementKind: 'revenues', recordNumber: 7 }, scope)).toBe('/dept/102/year/2025/movements/revenues/7');
    expect(digestRowHref({ kind: 'paymentOpen', movementKind: 'expenses', recordNumber: 12 }, scope)).toBe('/dept/102/year/2025/movements/expenses/12');
    expect(digestRowHref({ kind: 'paymentDone', movementKind: null, recordNumber: 3 }, scope)).toBe('/dept/102/year/2025/movements/expenses/3');
    // a transfer position of a revenue transfer (type 5) is on the revenues side
    expect(digestRowHref({ kind: 'transfer', movementKind: 'revenues', recordNumber: 4 }, scope)).toBe('/dept/102/year/2025/movements/revenues/4');
    // the supplier digest's rows have no kind: a movement
    expect(digestRowHref({ movementKind: 'expenses', recordNumber: 9 }, scope)).toBe('/dept/102/year/2025/movements/expenses/9');
  });
  it('changes, the adjustment, reservations and account transfers on their screens', () => {
    expect(digestRowHref({ kind: 'budgetChange', movementKind: null, recordNumber: 2 }, scope)).toBe('/dept/102/year/2025/budget/changes/edit/2');
    expect(digestRowHref({ kind: 'budgetChange', movementKind: null, recordNumber: -1 }, scope)).toBe('/dept/102/year/2025/budget/adjustment/edit');
    expect(digestRowHref({ kind: 'reservation', movementKind: null, recordNumber: 5 }, scope)).toBe('/dept/102/year/2025/reservations/edit?nr=5');
    expect(digestRowHref({ kind: 'accountTransfer', movementKind: null, recordNumber: 8 }, scope)).toBe('/dept/102/year/2025/accounts/transfer?nr=8');
  });
  it('a bill of an earlier year on a residue line opens in its own year', () => {
    expect(digestRowHref({ kind: 'paymentOpen', movementKind: 'expenses', recordNumber: 75, recordYear: 2024 }, scope)).toBe(
      '/dept/102/year/2024/movements/expenses/75',
    );
    expect(digestRowHref({ kind: 'paymentOpen', movementKind: 'expenses', recordNumber: 75, recordYear: null }, scope)).toBe(
      '/dept/102/year/2025/movements/expenses/75',
    );
  });
  it('a row without a record to open gives nothing', () => {
    expect(digestRowHref({ kind: 'transfer', movementKind: null, recordNumber: 4 }, scope)).toBeNull();
    expect(digestRowHref({ kind: 'revenue', movementKind: 'revenues', recordNumber: 0 }, scope)).toBeNull();
  });
});

describe('digest paging opens on the newest rows', () => {
  it('the last page of a total', () => {
    expect(lastPage(0, 15)).toBe(1);
    expect(lastPage(15, 15)).toBe(1);
    expect(lastPage(16, 15)).toBe(2);
    expect(lastPage(95, 15)).toBe(7);
  });
  it('asks page 1 before the total is known, then the last page; a chosen page as chosen', () => {
    expect(requestedPage('last', null, 15)).toBe(1);
    expect(requestedPage('last', 95, 15)).toBe(7);
    expect(requestedPage(3, 95, 15)).toBe(3);
  });
  it('an answer shows "last" only when it is the last page of its own total', () => {
    expect(isSettled('last', { page: 1, total: 95 }, 15)).toBe(false);
    expect(isSettled('last', { page: 7, total: 95 }, 15)).toBe(true);
    // another account with fewer rows: the old last page is past its end
    expect(isSettled('last', { page: 7, total: 20 }, 15)).toBe(false);
    expect(isSettled(2, { page: 2, total: 95 }, 15)).toBe(true);
    expect(isSettled(2, undefined, 15)).toBe(false);
  });
});

describe('row texts', () => {
  it("a supplier's movement names its chapters as codes with dashes", () => {
    expect(chaptersText('21003,21005')).toBe('2-1-003, 2-1-005');
    expect(chaptersText('21004')).toBe('2-1-004');
    expect(chaptersText('')).toBe('');
  });
  it('a transfer position names the other chapter (its year when another one)', () => {
    expect(transferDescription({ counterChapter: '11002', counterChapterYear: 2025, description: 'Zuschuss' }, 2025)).toBe('⇄ 1-1-002 · Zuschuss');
    expect(transferDescription({ counterChapter: '21004', counterChapterYear: 2024, description: '' }, 2025)).toBe('⇄ 2-1-004 (2024)');
    expect(transferDescription({ counterChapter: null, counterChapterYear: null, description: 'Treibstoff' }, 2025)).toBe('Treibstoff');
  });
});
