import { describe, expect, it } from 'vitest';
import { isDeleteRowKey } from './tableKeys.ts';

describe('row shortcut', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });
  it.each([
    [key('Delete', { ctrlKey: true }), true],
    [key('Delete', { metaKey: true }), true],
    [key('Backspace', { metaKey: true }), true],
    [key('Delete'), false],
    [key('Backspace', { ctrlKey: true }), false],
    [key('Delete', { ctrlKey: true, shiftKey: true }), false],
    [key('Delete', { ctrlKey: true, altKey: true }), false],
  ])('%j deletes the row: %s', (event, deletes) => {
    expect(isDeleteRowKey(event)).toBe(deletes);
  });
});
