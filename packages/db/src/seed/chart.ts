import type { Tx } from '../client.ts';
import { categories, chapters, etsCategories, movementTemplatePositions, movementTemplates, titles } from '../schema/index.ts';

/**
 * The demo chart of accounts: a realistic bilingual chart for each area (1 union, 2 district,
 * 3 department) with titles 1-3 in both parts, categories, and chapters mapped to ETS categories.
 */

type Part = 1 | 2;

export const demoTitles: { part: Part; title: number; descriptionDeu: string; descriptionIta: string }[] = [
  { part: 1, title: 1, descriptionDeu: 'Laufende Einnahmen', descriptionIta: 'Entrate correnti' },
  { part: 1, title: 2, descriptionDeu: 'Einnahmen aus Kapitalbewegungen', descriptionIta: 'Entrate in conto capitale' },
  { part: 1, title: 3, descriptionDeu: 'Durchlaufende Posten', descriptionIta: 'Partite di giro' },
  { part: 2, title: 1, descriptionDeu: 'Laufende Ausgaben', descriptionIta: 'Spese correnti' },
  { part: 2, title: 2, descriptionDeu: 'Investitionsausgaben', descriptionIta: 'Spese in conto capitale' },
  { part: 2, title: 3, descriptionDeu: 'Durchlaufende Posten', descriptionIta: 'Partite di giro' },
];

export const demoCategories: { part: Part; category: string; descriptionDeu: string; descriptionIta: string }[] = [
  { part: 1, category: '01', descriptionDeu: 'Beiträge öffentlicher Körperschaften', descriptionIta: 'Contributi da enti pubblici' },
  { part: 1, category: '02', descriptionDeu: 'Eigene Einnahmen', descriptionIta: 'Entrate proprie' },
  { part: 1, category: '03', descriptionDeu: 'Spenden und Sammlungen', descriptionIta: 'Donazioni e raccolte' },
  { part: 1, category: '04', descriptionDeu: 'Finanzerträge und Darlehen', descriptionIta: 'Proventi finanziari e mutui' },
  { part: 1, category: '05', descriptionDeu: 'Durchlaufende Einnahmen', descriptionIta: 'Entrate per partite di giro' },
  { part: 2, category: '01', descriptionDeu: 'Verwaltung', descriptionIta: 'Amministrazione' },
  { part: 2, category: '02', descriptionDeu: 'Fahrzeuge', descriptionIta: 'Veicoli' },
  { part: 2, category: '03', descriptionDeu: 'Ausrüstung und Geräte', descriptionIta: 'Equipaggiamento e attrezzature' },
  { part: 2, category: '04', descriptionDeu: 'Gerätehaus', descriptionIta: 'Caserma' },
  { part: 2, category: '05', descriptionDeu: 'Ausbildung und Übungen', descriptionIta: 'Formazione ed esercitazioni' },
  { part: 2, category: '06', descriptionDeu: 'Veranstaltungen', descriptionIta: 'Manifestazioni' },
  { part: 2, category: '07', descriptionDeu: 'Jugendfeuerwehr', descriptionIta: 'Allievi' },
  { part: 2, category: '08', descriptionDeu: 'Investitionen', descriptionIta: 'Investimenti' },
  { part: 2, category: '09', descriptionDeu: 'Durchlaufende Ausgaben', descriptionIta: 'Uscite per partite di giro' },
];

/** [code, category, ETS code, German, Italian, search key de, search key it, municipal contribution] */
type ChapterDef = [string, string, string, string, string, string, string, boolean?];

/** The chapters every area has (the demo templates use 21006, 21022 and 13001). */
const common: ChapterDef[] = [
  ['11006', '03', 'A4', 'Spenden', 'Donazioni', 'SPENDEN', 'DONAZIONI'],
  ['11011', '04', 'D1', 'Zinserträge', 'Interessi attivi', 'ZINSEN', 'INTERESSI'],
  ['11013', '02', 'A10', 'Sonstige Einnahmen', 'Entrate diverse', 'SONSTIGE', 'DIVERSE'],
  ['13001', '05', 'A10', 'Einbehaltene Quellensteuern', "Ritenute d'acconto trattenute", 'QUELLENSTEUER', 'RITENUTE'],
  ['21001', '01', 'A1', 'Verwaltungsausgaben und Büromaterial', 'Spese amministrative e cancelleria', 'VERWALTUNG', 'AMMINISTRAZIONE'],
  ['21006', '02', 'A1', 'Treibstoffe', 'Carburanti', 'TREIBSTOFF', 'CARBURANTE'],
  ['21007', '02', 'A2', 'Instandhaltung der Fahrzeuge', 'Manutenzione dei veicoli', 'FAHRZEUGWARTUNG', 'MANUTENZIONE VEICOLI'],
  ['21016', '05', 'A2', 'Aus- und Weiterbildung, Schulungen', 'Formazione e corsi', 'SCHULUNG', 'FORMAZIONE'],
  ['21020', '01', 'A5', 'Repräsentation und Ehrungen', 'Rappresentanza e onorificenze', 'EHRUNGEN', 'RAPPRESENTANZA'],
  ['21022', '01', 'A2', 'Honorare und Beratungen', 'Onorari e consulenze', 'HONORARE', 'ONORARI'],
  ['21023', '01', 'D1', 'Bankspesen', 'Spese bancarie', 'BANKSPESEN', 'SPESE BANCARIE'],
  ['23001', '09', 'A5', 'Abfuhr einbehaltener Quellensteuern', "Versamento ritenute d'acconto", 'QUELLENSTEUER', 'RITENUTE'],
];

const union: ChapterDef[] = [
  ['11001', '01', 'A8', 'Ordentlicher Beitrag des Landes', 'Contributo ordinario della Provincia', 'LANDESBEITRAG', 'CONTRIBUTO PROVINCIA'],
  ['11002', '02', 'A1', 'Mitgliedsbeiträge der Bezirksverbände', 'Quote associative dei distretti', 'MITGLIEDSBEITRAG', 'QUOTE ASSOCIATIVE'],
  ['11003', '02', 'A3', 'Kursgebühren der Landesfeuerwehrschule', 'Quote dei corsi della scuola provinciale', 'KURSGEBÜHREN', 'QUOTE CORSI'],
  ['12002', '01', 'A8', 'Investitionsbeitrag des Landes', 'Contributo della Provincia per investimenti', 'INVESTBEITRAG LAND', 'CONTRIBUTO INVEST'],
  ['13002', '05', 'A10', 'Einbehaltene Sozialbeiträge', 'Ritenute previdenziali trattenute', 'SOZIALBEITRÄGE', 'RITENUTE PREVIDENZ'],
  ['21015', '01', 'A2', 'Versicherungen der Feuerwehrleute', 'Assicurazioni dei vigili del fuoco', 'VERSICHERUNG', 'ASSICURAZIONE'],
  ['21029', '01', 'A4', 'Löhne und Gehälter', 'Stipendi e salari', 'LÖHNE', 'STIPENDI'],
  ['21030', '01', 'A4', 'Sozialbeiträge zu Lasten des Verbandes', "Contributi previdenziali a carico dell'Unione", 'SOZIALBEITRÄGE', 'CONTRIBUTI PREV'],
  ['22001', '08', 'I1', 'Ankauf von Fahrzeugen', 'Acquisto di veicoli', 'FAHRZEUGANKAUF', 'ACQUISTO VEICOLI'],
  ['22004', '08', 'I1', 'Einrichtung und EDV', 'Arredamento e informatica', 'EDV', 'INFORMATICA'],
  ['23002', '09', 'A5', 'Abfuhr einbehaltener Sozialbeiträge', 'Versamento ritenute previdenziali', 'SOZIALBEITRÄGE', 'RITENUTE PREVIDENZ'],
];

const district: ChapterDef[] = [
  ['11001', '01', 'A8', 'Beitrag des Landesfeuerwehrverbandes', "Contributo dell'Unione provinciale", 'BEITRAG LFV', 'CONTRIBUTO UNIONE'],
  ['11002', '02', 'A1', 'Beiträge der Feuerwehren des Bezirks', 'Contributi dei corpi del distretto', 'BEITRÄGE FEUERWEHREN', 'CONTRIBUTI CORPI'],
  ['11007', '02', 'C2', 'Einnahmen aus Bezirksbewerben', 'Entrate da gare distrettuali', 'BEWERBE', 'GARE'],
  ['21017', '05', 'A5', 'Bezirksbewerbe und Übungen', 'Gare ed esercitazioni distrettuali', 'BEWERBE', 'GARE'],
  ['21018', '07', 'A5', 'Jugendfeuerwehr des Bezirks', 'Allievi del distretto', 'JUGEND', 'ALLIEVI'],
  ['22002', '08', 'I1', 'Ankauf von Geräten und Ausrüstung', 'Acquisto di attrezzature ed equipaggiamento', 'GERÄTEANKAUF', 'ACQUISTO ATTREZZATURE'],
];

const department: ChapterDef[] = [
  ['11001', '01', 'A8', 'Ordentlicher Beitrag der Gemeinde', 'Contributo ordinario del Comune', 'GEMEINDEBEITRAG', 'CONTRIBUTO COMUNE', true],
  [
    '11002',
    '01',
    'A8',
    'Beitrag des Landes über den Landesfeuerwehrverband',
    "Contributo provinciale tramite l'Unione",
    'LANDESBEITRAG',
    'CONTRIBUTO PROVINCIA',
  ],
  ['11003', '01', 'A8', 'Beitrag des Bezirksfeuerwehrverbandes', "Contributo dell'Unione distrettuale", 'BEZIRKSBEITRAG', 'CONTRIBUTO DISTRETTO'],
  ['11004', '01', 'A8', 'Beiträge anderer öffentlicher Körperschaften', 'Contributi di altri enti pubblici', 'ÖFFENTLICHE BEITRÄGE', 'CONTRIBUTI PUBBLICI'],
  ['11005', '02', 'A1', 'Beiträge der unterstützenden Mitglieder', 'Quote dei soci sostenitori', 'MITGLIEDER', 'SOCI SOSTENITORI'],
  ['11007', '02', 'C2', 'Einnahmen aus Veranstaltungen und Festen', 'Entrate da feste e manifestazioni', 'FEST', 'FESTA'],
  ['11008', '03', 'C1', 'Haussammlung', 'Raccolta porta a porta', 'HAUSSAMMLUNG', 'RACCOLTA'],
  ['11009', '02', 'A7', 'Kostenersatz für Einsätze und Dienstleistungen', 'Rimborsi per interventi e servizi', 'KOSTENERSATZ', 'RIMBORSI'],
  ['11010', '03', 'A5', 'Einnahmen aus den 5 Promille', 'Entrate del 5 per mille', '5 PROMILLE', '5 PER MILLE'],
  ['11012', '02', 'A10', 'Versicherungsentschädigungen', 'Risarcimenti assicurativi', 'VERSICHERUNG', 'RISARCIMENTI'],
  ['11014', '01', 'A8', 'Beiträge für die Jugendfeuerwehr', 'Contributi per gli allievi', 'JUGEND', 'ALLIEVI'],
  ['12001', '01', 'A8', 'Investitionsbeitrag der Gemeinde', 'Contributo del Comune per investimenti', 'INVESTBEITRAG GEMEINDE', 'CONTRIBUTO INV COMUNE', true],
  ['12002', '01', 'A8', 'Investitionsbeitrag des Landes', 'Contributo della Provincia per investimenti', 'INVESTBEITRAG LAND', 'CONTRIBUTO INV PROVINCIA'],
  ['12003', '02', 'I1', 'Verkauf von Fahrzeugen und Geräten', 'Alienazione di veicoli e attrezzature', 'VERKAUF', 'ALIENAZIONE'],
  ['12004', '04', 'I4', 'Aufnahme von Darlehen', 'Accensione di mutui', 'DARLEHEN', 'MUTUI'],
  ['13002', '05', 'A10', 'Einbehaltene Sozialbeiträge', 'Ritenute previdenziali trattenute', 'SOZIALBEITRÄGE', 'RITENUTE PREVIDENZ'],
  ['13003', '05', 'A10', 'Erhaltene Kautionen', 'Depositi cauzionali ricevuti', 'KAUTION', 'CAUZIONE'],
  ['13004', '05', 'A10', 'Vorschüsse', 'Anticipazioni', 'VORSCHUSS', 'ANTICIPAZIONE'],
  ['21002', '01', 'A2', 'Post-, Telefon- und Internetgebühren', 'Spese postali, telefoniche e internet', 'TELEFON', 'TELEFONO'],
  ['21003', '03', 'A1', 'Persönliche Schutzausrüstung', 'Dispositivi di protezione individuale', 'SCHUTZAUSRÜSTUNG', 'DPI'],
  ['21004', '03', 'A1', 'Dienstkleidung', 'Uniformi', 'DIENSTKLEIDUNG', 'UNIFORMI'],
  ['21005', '03', 'A1', 'Kleingeräte und Werkzeug', 'Piccole attrezzature e utensili', 'WERKZEUG', 'UTENSILI'],
  ['21008', '02', 'A2', 'Versicherung der Fahrzeuge', 'Assicurazione dei veicoli', 'KFZ-VERSICHERUNG', 'ASSICURAZIONE VEICOLI'],
  ['21009', '02', 'A5', 'Kfz-Steuer und Revisionen', 'Tassa automobilistica e revisioni', 'KFZ-STEUER', 'BOLLO'],
  ['21010', '03', 'A2', 'Instandhaltung der Geräte', 'Manutenzione delle attrezzature', 'GERÄTEWARTUNG', 'MANUTENZIONE ATTREZZ'],
  ['21011', '04', 'A2', 'Strom, Heizung und Wasser im Gerätehaus', 'Energia, riscaldamento e acqua della caserma', 'STROM HEIZUNG', 'ENERGIA'],
  ['21012', '04', 'A2', 'Instandhaltung des Gerätehauses', 'Manutenzione della caserma', 'GERÄTEHAUS', 'CASERMA'],
  ['21013', '04', 'A2', 'Reinigung des Gerätehauses', 'Pulizia della caserma', 'REINIGUNG', 'PULIZIA'],
  ['21014', '04', 'A3', 'Miete und Leasing', 'Affitti e leasing', 'MIETE', 'AFFITTO'],
  ['21015', '01', 'A2', 'Versicherungen (Haftpflicht, Unfall)', 'Assicurazioni (responsabilità civile, infortuni)', 'VERSICHERUNG', 'ASSICURAZIONE'],
  ['21017', '05', 'A5', 'Übungen und Leistungsbewerbe', 'Esercitazioni e gare', 'ÜBUNGEN', 'ESERCITAZIONI'],
  ['21018', '07', 'A5', 'Jugendfeuerwehr', 'Allievi vigili del fuoco', 'JUGEND', 'ALLIEVI'],
  ['21019', '06', 'C2', 'Ausgaben für Veranstaltungen und Feste', 'Spese per feste e manifestazioni', 'FEST', 'FESTA'],
  ['21021', '01', 'A5', 'Mitgliedsbeiträge an die Verbände', 'Quote associative alle unioni', 'VERBANDSBEITRAG', 'QUOTE UNIONI'],
  ['21024', '03', 'A2', 'Atemschutz und Prüfungen', 'Protezione respiratoria e collaudi', 'ATEMSCHUTZ', 'AUTORESPIRATORI'],
  ['21025', '03', 'A2', 'Funk und Alarmierung', 'Radio e allertamento', 'FUNK', 'RADIO'],
  ['21026', '01', 'A2', 'Ärztliche Untersuchungen', 'Visite mediche', 'ARZT', 'VISITE MEDICHE'],
  ['21027', '01', 'A5', 'Steuern und Gebühren', 'Imposte e tasse', 'STEUERN', 'IMPOSTE'],
  ['21028', '01', 'A5', 'Sonstige laufende Ausgaben', 'Altre spese correnti', 'SONSTIGE', 'ALTRE SPESE'],
  ['22001', '08', 'I1', 'Ankauf von Fahrzeugen', 'Acquisto di veicoli', 'FAHRZEUGANKAUF', 'ACQUISTO VEICOLI'],
  ['22002', '08', 'I1', 'Ankauf von Geräten und Ausrüstung', 'Acquisto di attrezzature ed equipaggiamento', 'GERÄTEANKAUF', 'ACQUISTO ATTREZZATURE'],
  ['22003', '08', 'I1', 'Bau und Umbau des Gerätehauses', 'Costruzione e ristrutturazione della caserma', 'GERÄTEHAUSBAU', 'COSTRUZIONE CASERMA'],
  ['22004', '08', 'I1', 'Einrichtung und EDV', 'Arredamento e informatica', 'EDV', 'INFORMATICA'],
  ['22005', '08', 'I4', 'Tilgung von Darlehen', 'Rimborso di mutui', 'TILGUNG', 'RIMBORSO MUTUI'],
  ['23002', '09', 'A5', 'Abfuhr einbehaltener Sozialbeiträge', 'Versamento ritenute previdenziali', 'SOZIALBEITRÄGE', 'RITENUTE PREVIDENZ'],
  ['23003', '09', 'A5', 'Rückzahlung von Kautionen', 'Restituzione di depositi cauzionali', 'KAUTION', 'CAUZIONE'],
  ['23004', '09', 'A5', 'Rückzahlung von Vorschüssen', 'Rimborso di anticipazioni', 'VORSCHUSS', 'ANTICIPAZIONE'],
];

/** The chapters of an area, sorted by code. */
export function demoChapters(area: number): ChapterDef[] {
  const own = area === 1 ? union : area === 2 ? district : department;
  const codes = new Set(own.map((c) => c[0]));
  return [...own, ...common.filter((c) => !codes.has(c[0]))].sort((a, b) => a[0].localeCompare(b[0]));
}

/** Seeds titles, categories and chapters of every area for the given years (three bulk inserts). */
export async function seedChart(tx: Tx, years: number[]): Promise<void> {
  const areas = [1, 2, 3];
  const insertedTitles = await tx
    .insert(titles)
    .values(years.flatMap((year) => areas.flatMap((area) => demoTitles.map((t) => ({ ...t, year, area })))))
    .returning({ id: titles.id, year: titles.year, area: titles.area, part: titles.part, title: titles.title });
  const insertedCategories = await tx
    .insert(categories)
    .values(years.flatMap((year) => areas.flatMap((area) => demoCategories.map((c) => ({ ...c, year, area })))))
    .returning({ id: categories.id, year: categories.year, area: categories.area, part: categories.part, category: categories.category });
  const ets = await tx.select({ id: etsCategories.id, part: etsCategories.part, code: etsCategories.code }).from(etsCategories);
  const titleId = new Map(insertedTitles.map((t) => [`${t.year}/${t.area}/${t.part}/${t.title}`, t.id]));
  const categoryId = new Map(insertedCategories.map((c) => [`${c.year}/${c.area}/${c.part}/${c.category}`, c.id]));
  const etsId = new Map(ets.map((e) => [`${e.part}/${e.code}`, e.id]));
  const rows = years.flatMap((year) =>
    areas.flatMap((area) =>
      demoChapters(area).map(([chapter, category, etsCode, descriptionDeu, descriptionIta, searchKeyDeu, searchKeyIta, municipalContrib]) => {
        const part = Number(chapter[0]);
        const title = Number(chapter[1]);
        return {
          year,
          area,
          part,
          chapter,
          title,
          chapterShort: chapter.slice(2),
          searchKeyDeu,
          searchKeyIta,
          descriptionDeu,
          descriptionIta,
          municipalContrib: municipalContrib ?? false,
          titleId: titleId.get(`${year}/${area}/${part}/${title}`) ?? null,
          categoryId: categoryId.get(`${year}/${area}/${part}/${category}`) ?? null,
          etsCategoryId: etsId.get(`${part}/${etsCode}`) ?? null,
        };
      }),
    ),
  );
  await tx.insert(chapters).values(rows);
}

/** Two movement templates per department: a fuel bill and a fee with withholding tax (two bulk inserts). */
export async function seedTemplates(tx: Tx, departmentIds: number[]): Promise<void> {
  if (departmentIds.length === 0) return;
  const heads = await tx
    .insert(movementTemplates)
    .values(
      departmentIds.flatMap((departmentId) => [
        { departmentId, code: 1, descriptionDeu: 'Tankrechnung', descriptionIta: 'Fattura carburante' },
        { departmentId, code: 2, descriptionDeu: 'Honorar mit Quellensteuer', descriptionIta: "Onorario con ritenuta d'acconto" },
      ]),
    )
    .returning({ id: movementTemplates.id, code: movementTemplates.code });
  await tx.insert(movementTemplatePositions).values(
    heads.flatMap((h) =>
      h.code === 1
        ? [{ templateId: h.id, sort: 0, kind: 'expense', chapter: '21006', chapterTo: null }]
        : [
            { templateId: h.id, sort: 0, kind: 'expense', chapter: '21022', chapterTo: null },
            { templateId: h.id, sort: 1, kind: 'transfer', chapter: '13001', chapterTo: '21022' },
          ],
    ),
  );
}
