import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';

/**
 * For the e-invoice tests: the fixtures (the official samples, the invalid and malicious ones of the standard,
 * our own in `own/`), a CAdES envelope made with openssl around one (a throwaway self-signed key made here),
 * and a ZIP of several.
 */
export const FIXTURES = new URL('../../../test-fixtures/fatturapa/', import.meta.url);

export const fixture = (path: string): Buffer => readFileSync(new URL(path, FIXTURES));

let keyDir: string | null = null;
function key(): { dir: string; key: string; cert: string } {
  if (!keyDir) {
    keyDir = mkdtempSync(join(tmpdir(), 'fattura-cades-'));
    const run = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=Test Signer/O=Feuerwehr Test',
        '-keyout',
        join(keyDir, 'key.pem'),
        '-out',
        join(keyDir, 'cert.pem'),
      ],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`openssl req: ${run.stderr}`);
  }
  return { dir: keyDir, key: join(keyDir, 'key.pem'), cert: join(keyDir, 'cert.pem') };
}

/** The XML signed as a CAdES-BES envelope with attached content (`.xml.p7m`, DER), as the signing tools make it. */
export function signedP7m(xml: Uint8Array): Buffer {
  const k = key();
  const input = join(k.dir, `in-${Math.random().toString(16).slice(2)}.xml`);
  writeFileSync(input, xml);
  const run = spawnSync('openssl', ['cms', '-sign', '-nodetach', '-binary', '-outform', 'DER', '-in', input, '-signer', k.cert, '-inkey', k.key], {
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`openssl cms: ${run.stderr.toString()}`);
  return run.stdout;
}

/** A ZIP of the named files. */
export function zipOf(files: Record<string, Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, new Uint8Array(bytes)])));
}
