import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * For the bank-file tests: writes an XML document into a temporary folder (kept, to look at) and runs
 * Debian's xmllint on it — schema validation against the official XSDs in packages/reports/test/xsd,
 * and XPath reads, so the tests assert on what an XML parser reads, not on the text.
 */
const XSD_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../test/xsd');
export const XSD = {
  cbi: join(XSD_DIR, 'CBIPaymentRequest.00.04.00.xsd'),
  pain001: join(XSD_DIR, 'pain.001.001.03.xsd'),
} as const;

export interface XmlFiles {
  write(name: string, xml: string): string;
  /** xmllint --schema: `valid` and what xmllint said (the reasons when invalid). */
  validate(file: string, xsd: string): { valid: boolean; output: string };
  /** The texts of the elements with this local name, in document order (via XPath). */
  texts(file: string, localName: string): string[];
  /** The value of an attribute of the elements with this local name, in document order. */
  attributes(file: string, localName: string, attribute: string): string[];
  /** Every non-blank text of the document, in document order. */
  allTexts(file: string): string[];
}

function xpath(file: string, expression: string): string[] {
  const run = spawnSync('xmllint', ['--xpath', expression, file], { encoding: 'utf8' });
  // xmllint answers "XPath set is empty" with exit code 10: no match
  if (run.status === 10) return [];
  if (run.status !== 0) throw new Error(`xmllint --xpath failed (${run.status}): ${run.stderr}`);
  return run.stdout.split('\n').filter((line) => line !== '');
}

export function xmlFiles(prefix: string): XmlFiles {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    write(name, xml) {
      const file = join(dir, `${name}.xml`);
      writeFileSync(file, xml, 'utf8');
      return file;
    },
    validate(file, xsd) {
      const run = spawnSync('xmllint', ['--noout', '--schema', xsd, file], { encoding: 'utf8' });
      if (run.error) throw run.error;
      return { valid: run.status === 0, output: `${run.stdout}${run.stderr}` };
    },
    texts(file, localName) {
      return xpath(file, `//*[local-name()='${localName}']/text()`);
    },
    attributes(file, localName, attribute) {
      return xpath(file, `//*[local-name()='${localName}']/@${attribute}`).map((line) => line.replace(/^\s*\S+="(.*)"$/, '$1'));
    },
    allTexts(file) {
      return xpath(file, '//text()[normalize-space()]');
    },
  };
}
