import { type DbHandle } from '@app/db';
import { testDatabases } from '@app/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type SpecPath, specPaths } from './routeModel.testkit.ts';

/**
 * Every METHOD PATH of the specification's call sections (spec-paths.txt, extracted from the spec
 * text by scripts/spec-paths.mjs, not from the adapter) must be routed by the running app, unless
 * the list marks it `pending` (its area is not built yet). A path that was never added fails here.
 */

// routing needs no data: one database is enough
const target = testDatabases()[0];

describe('every path of the spec is routed', () => {
  let handle: DbHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!target) throw new Error('no test database');
    handle = await target.create();
    app = await buildApp({ database: handle, webDist: '/nonexistent' });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('routes each METHOD PATH of spec-paths.txt or marks it pending', () => {
    const paths = specPaths();
    expect(paths.length).toBeGreaterThan(100);
    // the route pattern itself: `Accounts/Balance` is not routed by `Accounts/:id`
    const routed = (p: SpecPath) => app.hasRoute({ method: p.method, url: p.path.replace(/\{(\w+)\}/g, ':$1') });
    const missing = paths.filter((p) => !p.pending && !routed(p)).map((p) => `${p.method} ${p.path} (line ${p.line})`);
    const pending = paths.filter((p) => p.pending);
    const builtSincePending = pending.filter(routed).map((p) => `${p.method} ${p.path}`);
    console.info(
      `spec paths: ${paths.length}, routed ${paths.length - pending.length - missing.length}, pending ${pending.length} (area not built yet), missing ${missing.length}`,
    );
    if (builtSincePending.length > 0) console.warn(`routed now, remove their pending marker in spec-paths.txt: ${builtSincePending.join(', ')}`);
    expect(missing, 'spec paths neither routed nor marked pending').toEqual([]);
  });

  it('tells a missing path from a routed one (the check can fail)', () => {
    expect(app.hasRoute({ method: 'GET', url: '/api/Scopes' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/api/scopes/status' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/api/Suppliers/:id' })).toBe(true);
    expect(app.hasRoute({ method: 'DELETE', url: '/api/Scopes' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/api/NoSuchPath' })).toBe(false);
    // a static path is not taken for an id
    expect(app.hasRoute({ method: 'GET', url: '/api/Accounts/Statement' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/api/Accounts/Balance' })).toBe(true);
  });
});
