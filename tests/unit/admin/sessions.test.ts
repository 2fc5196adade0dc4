import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import { csrfTokensMatch, newCsrfToken } from '../../../src/server/admin/csrf.ts';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  Sessions,
  hashToken,
  newSessionToken,
} from '../../../src/server/admin/sessions.ts';
import { openDatabase } from '../../../src/server/database.ts';

describe('csrfTokensMatch refuses', () => {
  const token = newCsrfToken();
  it.each([
    ['no token', undefined],
    ['null', null],
    ['an empty token', ''],
    ['another session’s token', newCsrfToken()],
    ['the token with one character changed', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`],
    ['a prefix of the token', token.slice(0, 20)],
    ['the token with more after it', `${token}x`],
  ])('%s', (_label, sent) => {
    expect(csrfTokensMatch(token, sent)).toBe(false);
  });

  it('and accepts the session’s own token; each token has 256 random bits', () => {
    expect(csrfTokensMatch(token, token)).toBe(true);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });
});

describe('Sessions', () => {
  let db: DatabaseSync;
  let now: number;
  let sessions: Sessions;
  let userId: number;

  beforeEach(() => {
    db = openDatabase(mkdtempSync(path.join(tmpdir(), 'admin-sessions-'))).db;
    now = Date.UTC(2025, 5, 1, 9);
    sessions = new Sessions(db, () => now);
    userId = Number(
      db.prepare("INSERT INTO admin_users (username, password_hash, created_at) VALUES ('asha', 'x', '')").run()
        .lastInsertRowid,
    );
  });

  describe('refuses', () => {
    it.each([
      ['no token', undefined],
      ['an unknown token', newSessionToken()],
      ['an over-long token', 'a'.repeat(100)],
    ])('%s', (_label, token) => {
      sessions.create(userId);
      expect(sessions.validate(token)).toBeUndefined();
    });

    it('the token’s hash (what the database holds) used as a token', () => {
      const { token } = sessions.create(userId);
      expect(sessions.validate(hashToken(token))).toBeUndefined();
    });

    it('a session idle for 8 hours, and deletes it', () => {
      const { token } = sessions.create(userId);
      now += SESSION_IDLE_MS;
      expect(sessions.validate(token)).toBeUndefined();
      expect(db.prepare('SELECT count(*) AS n FROM admin_sessions').get()?.['n']).toBe(0);
    });

    it('a session 7 days old, although used every few hours (an absolute lifetime)', () => {
      const { token } = sessions.create(userId);
      const start = now;
      while (now + 7 * 60 * 60 * 1000 < start + SESSION_ABSOLUTE_MS) {
        now += 7 * 60 * 60 * 1000;
        expect(sessions.validate(token)?.expiresAt).toBeLessThanOrEqual(start + SESSION_ABSOLUTE_MS);
      }
      now = start + SESSION_ABSOLUTE_MS;
      expect(sessions.validate(token)).toBeUndefined();
      expect(db.prepare('SELECT count(*) AS n FROM admin_sessions').get()?.['n']).toBe(0);
    });

    it('every session of the account after Sign out everywhere, and no one else’s', () => {
      const otherId = Number(
        db.prepare("INSERT INTO admin_users (username, password_hash, created_at) VALUES ('bala', 'x', '')").run()
          .lastInsertRowid,
      );
      const phone = sessions.create(userId);
      const laptop = sessions.create(userId);
      const colleague = sessions.create(otherId);
      expect(sessions.invalidateAllOf(userId)).toBe(2);
      expect(sessions.validate(phone.token)).toBeUndefined();
      expect(sessions.validate(laptop.token)).toBeUndefined();
      expect(sessions.validate(colleague.token)?.username).toBe('bala');
    });

    it('a session after sign-out', () => {
      const { token } = sessions.create(userId);
      sessions.invalidate(token);
      expect(sessions.validate(token)).toBeUndefined();
    });
  });

  it('gives the browser a token of 160 random bits and keeps only its SHA-256', () => {
    const { token, session } = sessions.create(userId);
    expect(token).toMatch(/^[a-z2-9]{32}$/);
    expect(session.username).toBe('asha');
    const stored = db.prepare('SELECT token_hash FROM admin_sessions').all();
    expect(stored).toEqual([{ token_hash: hashToken(token) }]);
    expect(JSON.stringify(db.prepare('SELECT * FROM admin_sessions').all())).not.toContain(token);
    expect(new Set(Array.from({ length: 50 }, newSessionToken)).size).toBe(50);
  });

  it('slides: each use within 8 hours pushes the end back', () => {
    const { token } = sessions.create(userId);
    for (let hour = 0; hour < 20; hour += 1) {
      now += SESSION_IDLE_MS - 60 * 60 * 1000;
      expect(sessions.validate(token)?.username).toBe('asha');
    }
    expect(sessions.validate(token)?.expiresAt).toBe(now + SESSION_IDLE_MS);
  });

  it('keeps one CSRF token per session', () => {
    const first = sessions.create(userId);
    const second = sessions.create(userId);
    expect(sessions.validate(first.token)?.csrfToken).toBe(first.session.csrfToken);
    expect(first.session.csrfToken).not.toBe(second.session.csrfToken);
  });
});
