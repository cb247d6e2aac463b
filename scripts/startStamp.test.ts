import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { fingerprint, isCurrent, readStamp, SERVER_INPUTS, WEB_INPUTS, writeStamp } from './startStamp.mjs';

/**
 * `npm start` skips the web client's build when the fingerprint of its inputs matches the one stored beside the output
 * (scripts/start.mjs, issue 29). On a small copy of the repository's layout: what forces a build and what does not.
 */
let root: string;
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const dist = () => join(root, 'apps/web/dist');
/** What start.mjs does: build (here: write index.html) unless current, then store the fingerprint. */
const startWouldBuild = () => !isCurrent(dist(), 'index.html', fingerprint(root, WEB_INPUTS));
function build() {
  put('apps/web/dist/index.html', '<html></html>');
  writeStamp(dist(), fingerprint(root, WEB_INPUTS));
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fwh-start-stamp-'));
  put('apps/web/src/main.tsx', 'export const a = 1;');
  put('apps/web/vite.config.ts', 'export default {};');
  put('apps/web/e2e/specs/01.spec.mjs', 'test');
  put('packages/domain/src/money.ts', 'export const cents = 100;');
  put('package-lock.json', '{"lockfileVersion":3}');
  put('package.json', '{}');
  build();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the web client fingerprint of npm start', () => {
  it('an unchanged tree skips the build, also when only modification times changed', () => {
    expect(startWouldBuild()).toBe(false);
    utimesSync(join(root, 'apps/web/src/main.tsx'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(startWouldBuild()).toBe(false);
    expect(readStamp(dist())).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a changed source forces a build, and after it the next start skips it again', () => {
    put('apps/web/src/main.tsx', 'export const a = 2;');
    expect(startWouldBuild()).toBe(true);
    build();
    expect(startWouldBuild()).toBe(false);
  });

  it('a new file, a changed package source or a changed config forces a build', () => {
    put('apps/web/src/new.tsx', '');
    expect(startWouldBuild()).toBe(true);
    build();
    put('packages/domain/src/money.ts', 'export const cents = 1000;');
    expect(startWouldBuild()).toBe(true);
    build();
    put('apps/web/vite.config.ts', 'export default { base: "/x" };');
    expect(startWouldBuild()).toBe(true);
  });

  it('a changed lock file forces a build', () => {
    put('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect(startWouldBuild()).toBe(true);
  });

  it('a deleted output or a deleted stamp forces a build', () => {
    rmSync(dist(), { recursive: true });
    expect(startWouldBuild()).toBe(true);
    build();
    rmSync(`${dist()}.stamp`);
    expect(startWouldBuild()).toBe(true);
  });

  it('the e2e specs, the build output and the stamp itself are not inputs', () => {
    put('apps/web/e2e/specs/01.spec.mjs', 'changed');
    put('apps/web/dist/assets/x.js', 'built');
    expect(startWouldBuild()).toBe(false);
  });

  it('the server bundle has its own inputs: a web source does not change them, a server source does', () => {
    const server = () => fingerprint(root, SERVER_INPUTS);
    put('apps/server/src/main.ts', 'listen();');
    const before = server();
    put('apps/web/src/main.tsx', 'export const a = 3;');
    expect(server()).toBe(before);
    put('apps/server/src/main.ts', 'listen(1);');
    expect(server()).not.toBe(before);
  });
});
