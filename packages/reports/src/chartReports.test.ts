import type { ChartExport, ChartExportChapter } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { pdfReader } from './pdfText.testkit.ts';
import { budgetDraftPdf } from './budgetDraft.ts';
import { chartOfAccountsPdf } from './chartOfAccounts.ts';

const now = new Date('2026-11-22T09:05:00Z');

const pdfPages = pdfReader('chart-reports-');

function chapter(code: string, de: string, it: string, extra: Partial<ChartExportChapter> = {}): ChartExportChapter {
  return { chapter: code, descriptionDeu: de, descriptionIta: it, emptyChapter: false, category: null, etsCode: 'A8', ...extra };
}

const fixture: ChartExport = {
  area: 3,
  year: 2026,
  part: null,
  withCategories: false,
  titles: [
    {
      part: 1,
      title: 1,
      descriptionDeu: 'Laufende Einnahmen',
      descriptionIta: 'Entrate correnti',
      chapters: [
        chapter('11001', 'Ordentlicher Beitrag der Gemeinde', 'Contributo ordinario del Comune', {
          category: { category: '01', descriptionDeu: 'Beiträge öffentlicher Körperschaften', descriptionIta: 'Contributi da enti pubblici' },
        }),
        chapter('11006', 'Spenden', 'Donazioni', { etsCode: 'A4' }),
        chapter('11900', '', '', { emptyChapter: true, etsCode: null }),
      ],
    },
    {
      part: 1,
      title: 3,
      descriptionDeu: 'Durchlaufende Posten',
      descriptionIta: 'Partite di giro',
      chapters: [chapter('13001', 'Einbehaltene Quellensteuern', "Ritenute d'acconto trattenute", { etsCode: 'A10' })],
    },
    {
      part: 2,
      title: 1,
      descriptionDeu: 'Laufende Ausgaben',
      descriptionIta: 'Spese correnti',
      chapters: [
        chapter('21006', 'Treibstoffe', 'Carburanti', { etsCode: 'A1', category: { category: '02', descriptionDeu: 'Fahrzeuge', descriptionIta: 'Veicoli' } }),
        ...Array.from({ length: 45 }, (_, i) => chapter(`21${String(100 + i)}`, `Ausgabe Nummer ${i + 1}`, `Spesa numero ${i + 1}`, { etsCode: 'A5' })),
      ],
    },
  ],
};

describe('chart of accounts PDF', () => {
  it('prints parts, titles and chapters with German headings and the footer on every page', () => {
    const doc = chartOfAccountsPdf(fixture, { username: 'admin', now, language: 'de' });
    expect(doc.internal.pageSize.getWidth()).toBeGreaterThan(doc.internal.pageSize.getHeight());
    const pages = pdfPages(doc, 'chart-de');
    expect(pages.length).toBe(2);
    const first = pages[0] ?? '';
    expect(first).toContain('Kontenplan 2026');
    expect(first).toContain('Feuerwehr · Einnahmen / Ausgaben · Titel 1–3');
    expect(first).toMatch(/Kapitel\s+Bezeichnung deutsch\s+Bezeichnung italienisch\s+ETS/);
    expect(first).toContain('Titel 1 – Laufende Einnahmen');
    expect(first).toMatch(/1-1-001\s+Ordentlicher Beitrag der Gemeinde\s+Contributo ordinario del Comune\s+A8/);
    expect(first).toMatch(/1-3-001\s+Einbehaltene Quellensteuern\s+Ritenute d'acconto trattenute\s+A10/);
    expect(first).toContain('Ausgaben');
    expect(first).toMatch(/2-1-006\s+Treibstoffe\s+Carburanti\s+A1/);
    expect(first).not.toContain('Fahrzeuge');
    expect(first).toMatch(/22\.11\.2026 10:05\s+Angemeldet als admin\s+Seite 1 von 2/);
    expect(pages[1]).toContain('Ausgabe Nummer 45');
    expect(pages[1]).toMatch(/Seite 2 von 2/);
  });

  it('adds the category column and prints Italian headings', () => {
    const doc = chartOfAccountsPdf(
      { ...fixture, part: 1, withCategories: true, titles: fixture.titles.filter((t) => t.part === 1) },
      { username: 'admin', now, language: 'it' },
    );
    const pages = pdfPages(doc, 'chart-it');
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? '';
    expect(text).toContain('Piano dei conti 2026');
    expect(text).toContain('Corpo · Entrate · Titoli 1–3');
    expect(text).toMatch(/Capitolo\s+Descrizione tedesca\s+Descrizione italiana\s+Categoria\s+ETS/);
    expect(text).toContain('Titolo 1 – Entrate correnti');
    expect(text).toMatch(/01 Contributi da enti pubblici/);
    expect(text).not.toContain('Uscite');
    expect(text).toMatch(/Accesso come admin\s+Pagina 1 di 1/);
  });

  it('says so when the selection has no chapters', () => {
    const pages = pdfPages(chartOfAccountsPdf({ ...fixture, titles: [] }, { username: 'admin', now, language: 'de' }), 'chart-empty');
    expect(pages[0]).toContain('Keine Kapitel für diese Auswahl.');
  });
});

describe('budget forecast draft PDF', () => {
  it('lists the chapters by part and title with empty amount columns and totals', () => {
    const doc = budgetDraftPdf(fixture, { username: 'kassier', now, language: 'de', department: 'Freiwillige Feuerwehr Leifers' });
    const pages = pdfPages(doc, 'draft-de');
    const first = pages[0] ?? '';
    expect(first).toContain('Haushaltsvoranschlag 2026 – Entwurf');
    expect(first).toContain('Freiwillige Feuerwehr Leifers · Feuerwehr · Einnahmen / Ausgaben');
    expect(first).toMatch(/Kapitel\s+Bezeichnung\s+Voranschlag 2025\s+Voranschlag 2026\s+Anmerkungen/);
    expect(first).toContain('Titel 1 – Laufende Einnahmen');
    // descriptions only, no amounts: the line ends after the description
    expect(first).toMatch(/1-1-001\s+Ordentlicher Beitrag der Gemeinde\s*\n/);
    expect(first).not.toContain('1-1-900');
    expect(first).toContain('Summe Titel 1');
    expect(first).toContain('Summe Einnahmen');
    expect(first).not.toMatch(/\d+,\d\d/);
    const last = pages.at(-1) ?? '';
    expect(last).toContain('Summe Ausgaben');
    expect(last).toMatch(new RegExp(`Seite ${pages.length} von ${pages.length}`));
  });

  it('prints Italian descriptions and headings', () => {
    const doc = budgetDraftPdf({ ...fixture, part: 2, titles: fixture.titles.filter((t) => t.part === 2) }, { username: 'kassier', now, language: 'it' });
    const text = pdfPages(doc, 'draft-it').join('\n');
    expect(text).toContain('Bilancio di previsione 2026 – bozza');
    expect(text).toMatch(/Capitolo\s+Descrizione\s+Previsione 2025\s+Previsione 2026\s+Note/);
    expect(text).toMatch(/2-1-006\s+Carburanti/);
    expect(text).not.toContain('Treibstoffe');
    expect(text).toContain('Totale Uscite');
    expect(text).not.toContain('Entrate');
  });
});
