import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('DEMO_DATA', () => {
  it('defaults to the living demo and takes the fixture', () => {
    expect(readEnv({}).DEMO_DATA).toBe('living');
    expect(readEnv({ DEMO_DATA: 'fixture' }).DEMO_DATA).toBe('fixture');
  });

  it('refuses anything else with a message that names the choices', () => {
    expect(() => readEnv({ DEMO_DATA: 'lively' })).toThrow('DEMO_DATA must be one of living, fixture');
  });
});

describe('DATABASE_READ_URL', () => {
  it('is unset by default and takes a postgres:// address', () => {
    expect(readEnv({}).DATABASE_READ_URL).toBeUndefined();
    expect(readEnv({ DATABASE_READ_URL: 'postgres://reader@replica:5432/feuerwehr' }).DATABASE_READ_URL).toBe('postgres://reader@replica:5432/feuerwehr');
  });

  it('refuses an embedded database: a replica is a PostgreSQL', () => {
    expect(() => readEnv({ DATABASE_READ_URL: 'pglite:./data/db' })).toThrow('DATABASE_READ_URL must be a postgres:// address');
  });
});
