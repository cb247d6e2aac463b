import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell (formula injection)', () => {
  it('puts a quote in front of every OWASP formula payload', () => {
    for (const payload of [
      `=cmd|' /C calc'!A0`,
      '+1+1',
      '-2+3',
      '@SUM(1)',
      '=HYPERLINK("http://x";"y")',
      '\t=1+1',
      '\r=1+1',
      '-',
      '+',
      '+1-1',
      '-1 1',
      '+39 0471; =1',
    ])
      expect(csvCell(payload), JSON.stringify(payload)).toBe(`'${payload}`);
  });

  it('leaves numbers, amounts, phone numbers and harmless text as they are', () => {
    for (const plain of [
      '12',
      '-12',
      '+3.5',
      '-1234,56',
      '-1.234,56',
      '-1,234.56',
      '1.234.567,89',
      '+39 0471 123456',
      '+49 30/1234-5',
      'Müller & Söhne',
      "'=1",
      ' =1',
      '',
      0,
      -5,
      true,
    ])
      expect(csvCell(plain)).toBe(String(plain));
  });

  it('toCsv neutralises header and cells, quoting where the separator or a line break needs it', () => {
    expect(toCsv(['=A', 'b', 'c'], [['=1+1;2', '-1.234,56', '\r=1']])).toBe(`\uFEFF'=A;b;c\r\n"'=1+1;2";-1.234,56;"'\r=1"`);
  });
});
