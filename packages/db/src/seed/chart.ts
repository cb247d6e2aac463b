/** A small bilingual chart of accounts used by the demo data (the base-data area extends it). */
export function demoChart(area: number) {
  const titles = [
    { part: 1, title: 1, descriptionDeu: 'Laufende Einnahmen', descriptionIta: 'Entrate correnti' },
    { part: 1, title: 2, descriptionDeu: 'Einnahmen aus Kapitalbewegungen', descriptionIta: 'Entrate in conto capitale' },
    { part: 1, title: 3, descriptionDeu: 'Durchlaufende Posten', descriptionIta: 'Partite di giro' },
    { part: 2, title: 1, descriptionDeu: 'Laufende Ausgaben', descriptionIta: 'Spese correnti' },
    { part: 2, title: 2, descriptionDeu: 'Investitionsausgaben', descriptionIta: 'Spese in conto capitale' },
    { part: 2, title: 3, descriptionDeu: 'Durchlaufende Posten', descriptionIta: 'Partite di giro' },
  ];
  const subject = area === 3 ? 'Gemeinde' : 'Land';
  const soggetto = area === 3 ? 'Comune' : 'Provincia';
  const chapters = [
    { chapter: '11001', searchKeyDeu: 'BEITRAG', searchKeyIta: 'CONTRIBUTO', descriptionDeu: `Ordentlicher Beitrag ${subject}`, descriptionIta: `Contributo ordinario ${soggetto}` },
    { chapter: '11002', searchKeyDeu: 'SPENDEN', searchKeyIta: 'DONAZIONI', descriptionDeu: 'Spenden', descriptionIta: 'Donazioni' },
    { chapter: '12001', searchKeyDeu: 'INVBEITRAG', searchKeyIta: 'CONTRINV', descriptionDeu: 'Investitionsbeiträge', descriptionIta: 'Contributi per investimenti' },
    { chapter: '13001', searchKeyDeu: 'STEUER', searchKeyIta: 'RITENUTE', descriptionDeu: 'Einbehaltene Steuern', descriptionIta: 'Ritenute fiscali' },
    { chapter: '21001', searchKeyDeu: 'VERWALTUNG', searchKeyIta: 'AMMINISTR', descriptionDeu: 'Verwaltungsausgaben', descriptionIta: 'Spese amministrative' },
    { chapter: '21003', searchKeyDeu: 'AUSRÜSTUNG', searchKeyIta: 'EQUIPAGG', descriptionDeu: 'Persönliche Ausrüstung', descriptionIta: 'Equipaggiamento personale' },
    { chapter: '22001', searchKeyDeu: 'FAHRZEUGE', searchKeyIta: 'VEICOLI', descriptionDeu: 'Ankauf von Fahrzeugen', descriptionIta: 'Acquisto di veicoli' },
    { chapter: '23001', searchKeyDeu: 'STEUER', searchKeyIta: 'RITENUTE', descriptionDeu: 'Abfuhr einbehaltener Steuern', descriptionIta: 'Versamento ritenute fiscali' },
  ];
  return { titles, chapters };
}
