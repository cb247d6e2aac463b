import { fileURLToPath } from 'node:url';
import { resolvedModules } from '@app/db/testing';
import { describe, expect, it } from 'vitest';

/**
 * What the server's start loads (issue 29): the app module (routers, REST, OpenAPI docs) without jsPDF, the printed
 * reports or the e-invoice reading (XML parser, signature envelope, XSD check) — those load at the first call that needs
 * them (routers/invoices.ts).
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const lazy = (urls: string[]) =>
  urls.filter(
    (u) =>
      /\/node_modules\/(jspdf|jspdf-autotable|pkijs|asn1js|xmllint-wasm)\//.test(u) ||
      /\/packages\/reports\/src\/(index|invoice|layout)\.ts$/.test(u) ||
      u.includes('/services/invoices/envelope'),
  );

describe('the server start', () => {
  it('loads the app without jsPDF, the reports or the e-invoice reading', () => {
    const urls = resolvedModules('./app.ts', here);
    expect(urls.some((u) => u.endsWith('/apps/server/src/rest/plugin.ts'))).toBe(true);
    expect(lazy(urls)).toEqual([]);
  }, 60_000);

  it('the invoices service does load them (so the check above would see them)', () => {
    const urls = lazy(resolvedModules('../../../packages/api/src/services/invoices/index.ts', here).concat(resolvedModules('@app/reports', here)));
    expect(urls.some((u) => u.includes('/pkijs/'))).toBe(true);
    expect(urls.some((u) => u.includes('/jspdf/'))).toBe(true);
  }, 60_000);
});
