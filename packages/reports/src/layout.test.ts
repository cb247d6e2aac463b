import { expect, it } from 'vitest';
import { footerParts } from './layout.ts';

it('builds the footer in both languages', () => {
  const now = new Date('2026-11-22T09:05:00Z');
  expect(footerParts({ now, username: 'kassier', page: 1, pages: 3, language: 'de' })).toEqual(['22.11.2026 10:05', 'Angemeldet als kassier', 'Seite 1 von 3']);
  expect(footerParts({ now, username: 'kassier', page: 2, pages: 3, language: 'it' })).toEqual(['22.11.2026 10:05', 'Accesso come kassier', 'Pagina 2 di 3']);
});
