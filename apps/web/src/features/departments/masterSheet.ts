import { type Department, departmentName, type Language } from '@app/domain';

/**
 * The master sheet (Stammblatt): one two-column table per department (field, value), headed by
 * code and name, for reports' listReport. `label` translates a form field path (departmentLabels).
 */
export function masterSheetTables(departments: Department[], language: Language, label: (path: string) => string) {
  const de = language === 'de';
  const pick = (d: Department, deu: string, ita: string) => (de ? deu || ita : ita || deu);
  return departments.map((d) => {
    const rows: [string, string][] = [
      [label('name1Deu'), [d.name1Deu, d.name2Deu].filter(Boolean).join(' ')],
      [label('name1Ita'), [d.name1Ita, d.name2Ita].filter(Boolean).join(' ')],
      [label(de ? 'streetDeu' : 'streetIta'), pick(d, d.streetDeu, d.streetIta)],
      [label(de ? 'locationDeu' : 'locationIta'), [d.postalCode, pick(d, d.locationDeu, d.locationIta), d.province ? `(${d.province})` : ''].filter(Boolean).join(' ')],
      [label(de ? 'municipalityDeu' : 'municipalityIta'), pick(d, d.municipalityDeu, d.municipalityIta)],
      [label('taxCode'), d.taxCode],
      [label('registration'), d.registration],
      [label('identifier'), d.identifier],
      [label('landlinePhone'), d.landlinePhone],
      [label('mobilePhone'), d.mobilePhone],
      [label('fax'), d.fax],
      [label('email'), d.email],
      ...(['commander', 'viceCommander', 'cashier'] as const).map((c): [string, string] => [label(c), [d[c].name, d[c].landline, d[c].mobile, d[c].email].filter(Boolean).join(' · ')]),
      [label('openPaymentsAllowed'), d.openPaymentsAllowed ? '✓' : '–'],
      [label('siaNumber'), d.siaNumber],
      [label('homebankingFile'), d.homebankingFile],
    ];
    return { heading: `${d.code} ${departmentName(d, language)}`, head: ['', ''], body: rows.filter(([, value]) => value !== '') };
  });
}
