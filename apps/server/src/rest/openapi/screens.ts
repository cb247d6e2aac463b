/**
 * The screen a path belongs to, in English (the OpenAPI tag) and as the German and Italian screens
 * name it (GLOSSARY.md): the longest prefix of the path (case-insensitive) decides. A path of a new
 * area without a row here is tagged by its first segment.
 */
export interface Screen {
  en: string;
  de: string;
  it: string;
}

const screens: [prefix: string, screen: Screen][] = [
  ['Authenticate', { en: 'Sign in', de: 'Anmelden', it: 'Accedi' }],
  ['Auth', { en: 'Sign in', de: 'Anmelden', it: 'Accedi' }],
  ['Scopes', { en: 'Scope', de: 'Feuerwehr und Jahr', it: 'Corpo ed esercizio' }],
  ['FinancialYears', { en: 'Financial years', de: 'Haushaltsjahre', it: 'Esercizi finanziari' }],
  ['Budget/Chapters', { en: 'Budget chapters', de: 'Kapitel', it: 'Capitoli' }],
  ['Budget/Chapter', { en: 'Budget chapters', de: 'Kapitel', it: 'Capitoli' }],
  ['Budget/Adjust', { en: 'Budget adjustment', de: 'Haushaltsangleichung', it: 'Assestamento di bilancio' }],
  ['Budget/Changes', { en: 'Budget changes', de: 'Haushaltsänderungen', it: 'Variazioni di bilancio' }],
  ['Budget/Forecast', { en: 'Budget forecast', de: 'Haushaltsvoranschlag', it: 'Bilancio di previsione' }],
  ['Budget/Forecast/Surplus', { en: 'Presumed surplus', de: 'Voraussichtlicher Verwaltungsüberschuss', it: 'Avanzo di amministrazione presunto' }],
  ['Budget/Residues', { en: 'Residues', de: 'Rückstände', it: 'Residui' }],
  ['Budget', { en: 'Budget', de: 'Haushalt', it: 'Bilancio' }],
  ['FinalBalance', { en: 'Final account', de: 'Rechnungsabschluss', it: 'Rendiconto' }],
  ['Digests/Chapters', { en: 'Chapter digest', de: 'Kapitelauszug', it: 'Estratto capitolo' }],
  ['Digests/Suppliers', { en: 'Supplier digest', de: 'Lieferantenauszug', it: 'Estratto fornitore' }],
  ['Digests/CashJournal', { en: 'Cash journal', de: 'Kassajournal', it: 'Giornale di cassa' }],
  ['Digests/Availabilities', { en: 'Availabilities', de: 'Verfügbarkeiten', it: 'Disponibilità' }],
  ['Digests', { en: 'Digests', de: 'Auszüge', it: 'Estratti' }],
  ['Movements/Revenues', { en: 'Revenues', de: 'Einnahmen', it: 'Entrate' }],
  ['Movements/Expenses', { en: 'Payments done', de: 'Bezahlte Ausgaben', it: 'Pagamenti effettuati' }],
  ['Movements', { en: 'Movements', de: 'Buchungen', it: 'Registrazioni' }],
  ['MovementTemplates', { en: 'Movement templates', de: 'Buchungsvorlagen', it: 'Modelli di registrazione' }],
  ['Payments/Orders/Registered', { en: 'Register payments', de: 'Zahlungen registrieren', it: 'Registra pagamenti' }],
  ['Payments', { en: 'Homebanking payment orders', de: 'Zahlungsaufträge (Homebanking)', it: 'Distinte di pagamento (home banking)' }],
  ['Accounts/Transfers', { en: 'Account transfers', de: 'Kontoüberträge', it: 'Trasferimenti tra conti' }],
  ['Accounts/Balance', { en: 'Initial balances', de: 'Anfangsbestände', it: 'Saldi iniziali' }],
  ['Accounts', { en: 'Accounts', de: 'Konten', it: 'Conti' }],
  ['Reservations', { en: 'Reservations', de: 'Vormerkungen', it: 'Prenotazioni' }],
  ['Statements', { en: 'Bank statements', de: 'Kontoauszüge', it: 'Estratti conto' }],
  ['Suppliers', { en: 'Suppliers', de: 'Lieferanten', it: 'Fornitori' }],
  ['Banks', { en: 'Banks', de: 'Banken', it: 'Banche' }],
  ['ChartOfAccounts', { en: 'Chart of accounts', de: 'Kontenplan', it: 'Piano dei conti' }],
  ['Departments', { en: 'Departments', de: 'Feuerwehren', it: 'Corpi' }],
  ['Admin/Users', { en: 'Users', de: 'Benutzer', it: 'Utenti' }],
  ['Admin/UserDepartments', { en: 'User departments', de: 'Benutzer und Feuerwehren', it: 'Utenti e corpi' }],
  ['Admin/DepartmentUsers', { en: 'Department users', de: 'Benutzer der Feuerwehr', it: 'Utenti del corpo' }],
  ['Admin/Departments', { en: 'Departments', de: 'Feuerwehren', it: 'Corpi' }],
  ['statistics', { en: 'Statistics', de: 'Statistik', it: 'Statistiche' }],
  ['Overview/Union', { en: "The union's dashboard", de: 'Das Dashboard des Landesverbands', it: "Il cruscotto dell'Unione" }],
  ['Overview', { en: 'The year at a glance', de: 'Das Jahr auf einen Blick', it: "L'anno in sintesi" }],
];

const byLength = [...screens].sort((a, b) => b[0].length - a[0].length);

/** The screen of a path of the route table (`Budget/Chapters`, `budget/changes/byChapter`, ...). */
export function screenOf(path: string): Screen {
  const lower = path.toLowerCase();
  for (const [prefix, screen] of byLength) {
    const p = prefix.toLowerCase();
    if (lower === p || lower.startsWith(`${p}/`)) return screen;
  }
  const first = path.split('/')[0] ?? path;
  return { en: first, de: first, it: first };
}
