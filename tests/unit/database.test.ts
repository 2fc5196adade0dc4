import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase, transaction } from '../../src/server/database.ts';

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

describe('transaction', () => {
  const withStore = (check: (db: DatabaseSync, names: () => string[]) => void) => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (name TEXT)');
    const names = () =>
      db
        .prepare('SELECT name FROM t ORDER BY rowid')
        .all()
        .map((row) => String(row['name']));
    try {
      check(db, names);
    } finally {
      db.close();
    }
  };
  const insert = (db: DatabaseSync, name: string) => db.prepare('INSERT INTO t VALUES (?)').run(name);

  it('commits when the work returns, and gives back what it returned', () => {
    withStore((db, names) => {
      expect(transaction(db, () => (insert(db, 'Salem'), 42))).toBe(42);
      expect(db.isTransaction).toBe(false);
      expect(names()).toEqual(['Salem']);
    });
  });

  it('rolls back every write when the work throws, and rethrows the same error', () => {
    withStore((db, names) => {
      const failure = new Error('the second write failed');
      expect(() =>
        transaction(db, () => {
          insert(db, 'Madurai');
          throw failure;
        }),
      ).toThrow(failure);
      expect(db.isTransaction).toBe(false);
      expect(names()).toEqual([]);
    });
  });

  it('refuses to nest: the inner call throws before writing, the outer one rolls back', () => {
    withStore((db, names) => {
      expect(() =>
        transaction(db, () => {
          insert(db, 'outer');
          transaction(db, () => insert(db, 'inner'));
        }),
      ).toThrow(/nesting is refused/);
      expect(db.isTransaction).toBe(false);
      expect(names()).toEqual([]);
    });
  });

  it('refuses asynchronous work (it would commit before its writes) and rolls back', () => {
    withStore((db, names) => {
      expect(() => transaction(db, async () => insert(db, 'Coimbatore'))).toThrow(/must be synchronous/);
      expect(names()).toEqual([]);
    });
  });

  it('rethrows the cause when SQLite has already ended the transaction', () => {
    withStore((db) => {
      expect(() =>
        transaction(db, () => {
          db.exec('ROLLBACK');
          throw new Error('disk full');
        }),
      ).toThrow('disk full');
    });
  });

  it('takes the write lock at BEGIN (IMMEDIATE): another connection cannot start writing meanwhile', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'transaction-'));
    const { db } = openDatabase(dir);
    const other = new DatabaseSync(path.join(dir, DATABASE_FILE));
    try {
      other.exec('PRAGMA busy_timeout = 0');
      transaction(db, () => expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked/));
      transaction(other, () => other.exec("INSERT INTO system_state VALUES ('probe', '1')"));
    } finally {
      other.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
