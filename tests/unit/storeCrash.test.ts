/**
 * The events store keeps every committed write through a crash: a process writing to it is
 * killed with SIGKILL (kill -9, no chance to clean up) in the middle of its writes, and every
 * event it had reported committed is there when the store is opened again, whole.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../src/server/database.ts';

const WRITER = path.join(import.meta.dirname, 'fixtures/writeEventsUntilKilled.ts');
/** How many commits to wait for before the kill; the writer goes on writing until it lands. */
const COMMITS_BEFORE_KILL = 300;
const dataDir = mkdtempSync(path.join(tmpdir(), 'isa-store-crash-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the writer, kills it with SIGKILL once it has reported enough commits; returns every id it reported. */
function writeUntilKilled(): Promise<{ committed: number[]; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const writer = spawn(process.execPath, [WRITER, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const committed: number[] = [];
    let partial = '';
    writer.stdout.setEncoding('utf8');
    writer.stdout.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      committed.push(...lines.map(Number));
      if (committed.length >= COMMITS_BEFORE_KILL && writer.exitCode === null && !writer.killed) {
        writer.kill('SIGKILL');
      }
    });
    writer.on('error', reject);
    // "close" comes after the output is read to its end, so no reported id is missed.
    writer.on('close', (_, signal) => resolve({ committed, signal }));
  });
}

it('loses no committed event when the writing process is killed with kill -9', async () => {
  const { committed, signal } = await writeUntilKilled();
  expect(signal).toBe('SIGKILL');
  expect(committed.length).toBeGreaterThanOrEqual(COMMITS_BEFORE_KILL);
  expect(committed).toEqual(committed.map((_, index) => index + 1));
  // Killed without closing: the write-ahead log is still there, and opening the store recovers from it.
  expect(existsSync(path.join(dataDir, `${DATABASE_FILE}-wal`))).toBe(true);

  const { db } = openDatabase(dataDir);
  try {
    const rows = db
      .prepare(
        'SELECT e.events_id AS id, count(i.id) AS photos FROM events e LEFT JOIN event_images i ON i.events_id = e.events_id GROUP BY e.events_id ORDER BY e.events_id',
      )
      .all();
    const stored = new Map(rows.map((row) => [Number(row['id']), Number(row['photos'])]));
    const lost = committed.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    // No transaction is there in part: every stored event has its three photos.
    expect([...stored.values()].filter((photos) => photos !== 3)).toEqual([]);
    expect(db.prepare('PRAGMA integrity_check').get()?.['integrity_check']).toBe('ok');
  } finally {
    db.close();
  }
});
