import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/database.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'database-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the store', () => {
  it('runs in WAL mode and syncs each commit (synchronous = FULL), so a power cut loses no acknowledged message', () => {
    const { db } = openDatabase(dataDir);
    try {
      expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      // 2 is FULL; NORMAL (1) can roll back the last commits of a WAL database on power loss.
      expect(db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
    } finally {
      db.close();
    }
  });
});
