import { type AuditPackReads, gatherAuditPack } from '@app/domain';
import { auditPackPdf, finalReportPdf, type ReportLanguage } from '@app/reports';
import { pdfReader } from '@app/reports/pdfText';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, signInAs } from '../../test-utils.ts';

/** The demo's approved and booked year. */
const YEAR = CURRENT_YEAR - 1;
const JUNE = new Date(`${CURRENT_YEAR}-06-15T10:00:00Z`);
const pdfPages = pdfReader('api-audit-pack-');
/** A page's text without its footer line (date-time, user, page x of y), one space between words. */
const withoutFooter = (page: string) =>
  page
    .split('\n')
    .filter((l) => !/(Seite|Pagina) \d+ (von|di) \d+/.test(l))
    // pdftotext's layout spaces the columns by the whole document: compare the words and figures in order
    .map((l) => l.trim().replace(/\s+/g, ' '))
    .join('\n');

/**
 * The audit pack (issue 27) of the demo department 102 Eppan (with open payments) in its booked year, gathered through the procedures the single
 * prints read and built by @app/reports: the table of contents names each section with the page it starts
 * on, every page says "Seite x von N", the final report's pages are those of the single print, and the
 * trail shows a reservation booked after the budget approval, in German and Italian.
 */
describeOnDatabases('audit pack', (get) => {
  const as = signInAs(get, '10.29', JUNE);

  async function pack(language: ReportLanguage) {
    const c = await as('zwei');
    const scope = { departmentId: await departmentId(get(), '102'), year: YEAR };
    const reads: AuditPackReads = {
      accounts: (i) => c.accounts.briefs(i),
      forecastSummary: (i) => c.budget.forecast.summary(i),
      finalReport: (i) => c.finalBalance.report(i),
      cashJournal: (i) => c.digests.cashJournal(i),
      chapters: (i) => c.digests.chaptersList(i),
      openPayments: (i) => c.payments.open(i),
      reservations: (i) => c.reservations.printList(i),
      residues: (i) => c.residues.export(i),
      audit: (i) => c.audit.list(i),
    };
    const content = await gatherAuditPack(reads, { ...scope, openPaymentsAllowed: true });
    const ctx = { username: 'zwei', now: JUNE, language };
    return { content, ctx, ...auditPackPdf({ ...content, department: '102 FF Eppan' }, ctx) };
  }

  it('books a reservation after the approval, which the trail section shows', async () => {
    const c = await as('zwei');
    const scope = { departmentId: await departmentId(get(), '102'), year: YEAR };
    expect((await c.budget.forecast.summary(scope)).approval).not.toBeNull();
    await c.reservations.save({ ...scope, recordDate: `${YEAR}-04-01`, chapterYear: YEAR, chapter: '21006', amountBooked: 40_000, amountUsed: 0 });
  });

  for (const [language, page, of, contents, trail, reservation, created] of [
    ['de', 'Seite', 'von', 'Inhaltsverzeichnis', 'Änderungsprotokoll', 'Vormerkung', 'angelegt'],
    ['it', 'Pagina', 'di', 'Indice', 'Registro delle modifiche', 'Prenotazione', 'creato'],
  ] as const)
    it(`contents with the first page of each section, page x of N, the final report as printed alone (${language})`, async () => {
      const { content, ctx, doc, sections } = await pack(language);
      const pages = pdfPages(doc, `pack-${language}`);
      const n = pages.length;
      expect(n).toBe(doc.getNumberOfPages());
      expect(pages[0]).toContain(contents);
      expect(pages[0]).toContain(`${page} 1 ${of} ${n}`);
      expect(pages[n - 1]).toContain(`${page} ${n} ${of} ${n}`);
      // final report, at least one journal, chapter digest, open payments, reservations, residues, trail
      expect(sections.length).toBeGreaterThanOrEqual(7);
      expect(sections.length - 6).toBe(content.cashJournals.length);
      expect(content.openPayments?.count).toBeGreaterThan(0);
      for (const [i, s] of sections.entries()) {
        // the contents' line: the title, then the page number
        const line = pages[0]!.split('\n').find((l) => l.trim().startsWith(s.title) && /\s\d+\s*$/.test(l)) ?? '';
        expect(line, s.title).toMatch(new RegExp(`\\s${s.page}\\s*$`));
        // the section's page starts with its print's title (a journal's title without the account)
        const first = pages[s.page - 1]!.split('\n')
          .find((l) => l.trim() !== '')!
          .trim();
        expect(s.title.startsWith(first), `${s.title} on page ${s.page}: ${first}`).toBe(true);
        expect(s.page).toBeGreaterThan(i === 0 ? 1 : sections[i - 1]!.page);
      }
      // the final report's pages are the single print's (without its cover page), figure by figure
      const alone = pdfPages(finalReportPdf(content.finalReport, { coverPage: false }, ctx), `final-${language}`);
      const inPack = pages.slice(sections[0]!.page - 1, sections[1]!.page - 1);
      expect(inPack.map(withoutFooter)).toEqual(alone.map(withoutFooter));
      expect(inPack.join('\n')).toMatch(/\d+\.\d{3},\d{2} €/);
      // the trail: the reservation booked after the approval, its amount in euros
      const trailPages = pages.slice(sections.at(-1)!.page - 1).join('\n');
      expect(trailPages).toContain(`${trail} ${YEAR}`);
      const lines = trailPages.split('\n');
      const at = lines.findIndex((l) => l.includes(reservation) && l.includes(created));
      // the row and the line its summary wraps onto
      const row = lines.slice(at, at + 2).join(' ');
      expect(row).toMatch(/zwei/);
      expect(row).toMatch(/amountBooked:\s+400,00 €/);
      expect(row).toContain('recordDate: 01.04.2025');
    });
});
