import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportLabels } from './index.ts';

/** Every leaf of a catalog as `path -> text` (arrays by index). */
function leaves(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) for (const [p, text] of leaves(inner, `${path}.${key}`)) out.set(p, text);
  return out;
}

const de = leaves(reportLabels.de);
const it_ = leaves(reportLabels.it);

describe('report catalogs', () => {
  it('have the same keys and column counts in German and Italian, none empty', () => {
    expect([...it_.keys()].sort()).toEqual([...de.keys()].sort());
    for (const text of [...de.values(), ...it_.values()]) expect(text.trim()).not.toBe('');
  });

  it('are the only place of the report texts: no module of the package spells a catalog text', () => {
    const dir = join(import.meta.dirname, '..');
    const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.includes('.test') && !f.includes('.testkit'));
    expect(modules).toContain('forecast.ts');
    // texts that are words of one language (the same in both, like IBAN or Saldo, are not a language choice)
    const texts = [...de].flatMap(([path, text]) => (it_.get(path) !== text ? [text, it_.get(path) ?? ''] : [])).filter((t) => t.length >= 4);
    for (const file of modules) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const text of texts) expect(source.includes(`'${text}'`) || source.includes(`"${text}"`), `${file} spells '${text}'`).toBe(false);
    }
  });
});
