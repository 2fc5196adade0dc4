import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFormSecret } from '../../../src/server/contact/formSecret.ts';
import { checkFormToken, issueFormToken } from '../../../src/server/contact/formToken.ts';

const SECRET = Buffer.from('a-test-secret-that-is-long-enough-123456');
const OTHER = Buffer.from('another-secret-that-is-long-enough-654321');
const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);
const DAY = 24 * 60 * 60_000;

describe('form tokens', () => {
  it('reads back a token it gave out, with its time and nonce', () => {
    const token = issueFormToken(SECRET, NOW);
    const check = checkFormToken(token, SECRET, NOW + 5000, DAY);
    expect(check).toEqual({
      ok: true,
      issuedAt: NOW,
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      origin: 'page',
    });
  });

  it('says whether a token came with a page load or in an answer', () => {
    const answer = checkFormToken(issueFormToken(SECRET, NOW, 'answer'), SECRET, NOW, DAY);
    expect(answer).toMatchObject({ ok: true, issuedAt: NOW, origin: 'answer' });
  });

  it('gives every form its own nonce', () => {
    const nonces = new Set(
      Array.from({ length: 50 }, () => {
        const check = checkFormToken(issueFormToken(SECRET, NOW), SECRET, NOW, DAY);
        return check.ok ? check.nonce : '';
      }),
    );
    expect(nonces.size).toBe(50);
  });

  it.each([
    ['missing', undefined, 'missing'],
    ['empty', '', 'missing'],
    ['not a string', 12, 'missing'],
    ['garbage', 'hello', 'invalid'],
    ['signed with another secret', issueFormToken(OTHER, NOW), 'invalid'],
    [
      'with its time changed',
      issueFormToken(SECRET, NOW).replace(/^[0-9a-z]+/, (NOW - 60_000).toString(36)),
      'invalid',
    ],
    [
      'handed back in an answer, passed off as a page load',
      issueFormToken(SECRET, NOW, 'answer').replace('.a.', '.'),
      'invalid',
    ],
    [
      'from a page load, passed off as an answer',
      issueFormToken(SECRET, NOW).replace(/\.(?=[^.]+$)/, '.a.'),
      'invalid',
    ],
    ['from the future', issueFormToken(SECRET, NOW + 10 * 60_000), 'invalid'],
    ['older than a day', issueFormToken(SECRET, NOW - DAY - 1), 'expired'],
  ])('refuses a token that is %s', (_what, token, reason) => {
    expect(checkFormToken(token, SECRET, NOW, DAY)).toEqual({ ok: false, reason });
  });
});

describe('the secret that signs them', () => {
  const withDataDir = (use: (dataDir: string) => void) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'form-secret-'));
    try {
      use(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it('refuses a CONTACT_SECRET shorter than 32 characters, naming it', () => {
    withDataDir((dataDir) => {
      expect(() => loadFormSecret(dataDir, { CONTACT_SECRET: 'x'.repeat(31) })).toThrow(
        'CONTACT_SECRET must be at least 32 characters long',
      );
    });
  });

  it('takes a CONTACT_SECRET of 32 characters as it is', () => {
    withDataDir((dataDir) => {
      expect(loadFormSecret(dataDir, { CONTACT_SECRET: 's'.repeat(32) }).toString()).toBe('s'.repeat(32));
    });
  });

  it('without one, makes a key once and keeps it, so open forms stay good after a restart', () => {
    withDataDir((dataDir) => {
      const first = loadFormSecret(dataDir, { CONTACT_SECRET: '' });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(loadFormSecret(dataDir, {})).toEqual(first);
    });
  });
});
