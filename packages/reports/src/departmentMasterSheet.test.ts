import { type Department, newDepartment } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { departmentMasterSheetPdf } from './departmentMasterSheet.ts';
import { pdfReader } from './pdfText.testkit.ts';

const pages = pdfReader('reports-department-sheet-');
const ctx = { username: 'kassier', now: new Date('2026-11-22T09:05:00Z') };

const leifers: Department = {
  ...newDepartment(),
  id: 4,
  area: 3,
  code: '101',
  name1Deu: 'Freiwillige Feuerwehr',
  name2Deu: 'Leifers',
  name1Ita: 'Corpo dei Vigili del Fuoco Volontari',
  name2Ita: 'Laives',
  streetDeu: 'Kennedystraße 1',
  streetIta: 'Via Kennedy 1',
  postalCode: '39055',
  locationDeu: 'Leifers',
  locationIta: 'Laives',
  fax: '',
  commander: { name: 'Martin Kommandant', landline: '', mobile: '333 1234567', email: '' },
  openPaymentsAllowed: true,
  siaNumber: 'A1B2C',
  cbiCuc: '1234567A',
} as Department;
const eppan: Department = {
  ...leifers,
  id: 5,
  code: '102',
  name1Deu: 'FF Eppan',
  name2Deu: '',
  name1Ita: 'VVF Appiano',
  name2Ita: '',
  openPaymentsAllowed: false,
  cbiCuc: '',
};

describe('department master sheet', () => {
  it('one table per department with its fields, the address in the print language', () => {
    const de = pages(departmentMasterSheetPdf({ language: 'de', departments: [leifers, eppan] }, ctx), 'department-sheet-de').join('\n');
    expect(de).toContain('Stammblatt der Feuerwehren');
    expect(de).toContain('101 Freiwillige Feuerwehr Leifers');
    expect(de).toMatch(/Straße \(deutsch\)\s+Kennedystraße 1/);
    expect(de).toMatch(/Ort \(deutsch\)\s+39055 Leifers \(BZ\)/);
    expect(de).toMatch(/Kommandant\s+Martin Kommandant · 333 1234567/);
    // (the check mark is not in the embedded Roboto subset: pdftotext reads nothing for it)
    expect(de).toMatch(/Offene Zahlungen erlaubt\s+–/);
    expect(de).not.toMatch(/^\s*Fax/m);
    // the bank file's debtor code under the SIA number; left out where a department has none
    expect(de).toMatch(/SIA-Nummer\s+A1B2C\s+CBI-CUC-Code\s+1234567A/);
    expect(de.match(/CBI-CUC-Code/g)).toHaveLength(1);
    expect(de.indexOf('101 Freiwillige')).toBeLessThan(de.indexOf('102 FF Eppan'));
    const it_ = pages(departmentMasterSheetPdf({ language: 'it', departments: [leifers] }, ctx), 'department-sheet-it').join('\n');
    expect(it_).toContain('Scheda anagrafica dei corpi');
    expect(it_).toContain('101 Corpo dei Vigili del Fuoco Volontari Laives');
    expect(it_).toMatch(/Via \(italiano\)\s+Via Kennedy 1/);
    expect(it_).toMatch(/Comandante\s+Martin Kommandant/);
    expect(it_).toMatch(/Codice SIA\s+A1B2C\s+Codice CUC CBI\s+1234567A/);
    expect(it_).toMatch(/Accesso come kassier\s+Pagina 1 di 1/);
  });

  it('says so when no department is found', () => {
    expect(pages(departmentMasterSheetPdf({ language: 'it', departments: [] }, ctx), 'department-sheet-empty')[0]).toContain('Nessun corpo trovato.');
  });
});
