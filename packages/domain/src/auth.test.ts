import { describe, expect, it } from 'vitest';
import { checkNewPassword, LoginInput } from './auth.ts';

describe('checkNewPassword', () => {
  it('needs the repetition to match', () => {
    expect(checkNewPassword('old1', 'new1', 'new2')).toBe('PasswordRepeatWrong');
  });
  it('refuses the old password', () => {
    expect(checkNewPassword('same', 'same', 'same')).toBe('PasswordSameAsOld');
  });
  it('needs at least 4 characters', () => {
    expect(checkNewPassword('old1', 'abc', 'abc')).toBe('PasswordTooShort');
  });
  it('accepts a good one', () => {
    expect(checkNewPassword('old1', 'new-secret', 'new-secret')).toBeNull();
  });
  it('limits username and password to 20 characters', () => {
    expect(LoginInput.safeParse({ username: 'a'.repeat(21), password: 'x' }).success).toBe(false);
    expect(LoginInput.safeParse({ username: 'kassier', password: 'x'.repeat(21) }).success).toBe(false);
    expect(LoginInput.parse({ username: ' kassier ', password: 'demo' })).toEqual({ username: 'kassier', password: 'demo', remember: false });
  });
});
