import { describe, expect, it } from 'vitest';
import {
  HASH_OPTIONS,
  MIN_PASSWORD_LENGTH,
  hashPassword,
  needsRehash,
  passwordProblem,
  verifyPassword,
} from '../../../src/server/admin/passwords.ts';

describe('passwordProblem refuses', () => {
  it.each([
    ['an empty password', ''],
    ['11 characters', 'abcdefghijk'],
    ['11 characters counted as people see them (not UTF-16 units)', 'அஆஇஈஉஊஎஏஐஒஓ'.slice(0, 11)],
    ['a leading space', ' twelve chars long'],
    ['more than 256 characters', 'x'.repeat(257)],
  ])('%s', (_label, password) => {
    expect(passwordProblem(password)).toMatch(/password/);
  });

  it('and accepts 12 characters or more', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    expect(passwordProblem('abcdefghijkl')).toBeUndefined();
    expect(passwordProblem('a sentence with spaces inside')).toBeUndefined();
  });
});

describe('hashPassword', () => {
  it('makes an argon2id hash with at least OWASP’s parameters (m ≥ 19 MiB, t ≥ 2, p = 1) and a random salt', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(first);
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(match?.[2])).toBeGreaterThanOrEqual(2);
    expect(Number(match?.[3])).toBe(1);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
    expect(needsRehash(first)).toBe(false);
  });

  it('verifies the right password only, and never throws for a damaged hash', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse battery')).toBe(false);
    expect(await verifyPassword(stored, 'x'.repeat(5000))).toBe(false);
  });

  it('knows a hash made with older parameters needs hashing again', () => {
    expect(needsRehash('$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA')).toBe(
      HASH_OPTIONS.memoryCost !== 19456 || HASH_OPTIONS.timeCost !== 2,
    );
    expect(needsRehash('$argon2i$v=19$m=65536,t=3,p=1$c2FsdA$aGFzaA')).toBe(true);
  });
});
