/**
 * Data folders holding the sample events, for the servers the browser tests start. Drawing the
 * sample photos (about 70, with sharp) takes a fresh server a second or two of its start, and a run
 * starts about twenty servers; so one folder is seeded once per run (`npm run seed`), and each
 * server gets a copy. A copied store is one whose first start is over: the server loads nothing.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATABASE_FILE } from '../../src/server/database.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** Where the seeded folder of this run is: set by the first process that makes it, inherited by the workers. */
const TEMPLATE_VARIABLE = 'E2E_SEEDED_TEMPLATE';

/** The seeded folder of this run, made now if no process of the run has made it yet. Never write into it. */
function seededTemplate(): string {
  const made = process.env[TEMPLATE_VARIABLE];
  if (made && existsSync(path.join(made, DATABASE_FILE))) return made;
  const dir = mkdtempSync(path.join(tmpdir(), 'isa-seeded-'));
  const seeded = spawnSync(process.execPath, ['scripts/seed.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0 || !existsSync(path.join(dir, DATABASE_FILE))) {
    throw new Error(`npm run seed failed for the tests' data folder:\n${seeded.stdout}${seeded.stderr}`);
  }
  process.env[TEMPLATE_VARIABLE] = dir;
  return dir;
}

/**
 * A data folder with the sample events already loaded, as a first start would leave it: `into`
 * (made if missing), or a new temporary folder named with `prefix`.
 */
export function seededDataDir(into?: string, prefix = 'isa-e2e-'): string {
  const dir = into ?? mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(seededTemplate(), dir, { recursive: true });
  return dir;
}
