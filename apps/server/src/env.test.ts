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
