/**
 * `npm test`: every check the project has, in order, and one closing line "N passed, N failed".
 *   1. npm run check          (astro check, ESLint, Prettier, knip; no warnings allowed)
 *   2. npm run check:content  (the YAML content and its photos)
 *   3. vitest                 (unit tests; each test counts)
 *   4. npm run build          (the production build)
 *   5. Playwright             (browser tests against the built server; each test counts)
 * A step that is not a test runner counts as one test. Exits non-zero if anything failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(command: string, args: string[]): boolean {
  console.info(`\n▶ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status === 0;
}

function step(name: string, command: string, args: string[]): boolean {
  const ok = run(command, args);
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
  return ok;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function numberAt(value: unknown, key: string): number {
  if (typeof value !== 'object' || value === null || !(key in value)) return 0;
  const field: unknown = Reflect.get(value, key);
  return typeof field === 'number' ? field : 0;
}

/** Adds a runner's own counts; if it wrote no report or failed without failing tests, counts one failure. */
function counted(name: string, ok: boolean, pass: number, fail: number) {
  passed += pass;
  failed += fail;
  if (fail > 0) failures.push(`${name}: ${fail} failed`);
  if (!ok && fail === 0) {
    failed += 1;
    failures.push(`${name} (the runner failed)`);
  }
}

step('npm run check', 'npm', ['run', '-s', 'check']);
step('npm run check:content', 'npm', ['run', '-s', 'check:content']);

const unitReport = path.join(results, 'unit.json');
rmSync(unitReport, { force: true });
const unitOk = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${unitReport}`]);
const unit = readJson(unitReport);
counted('unit tests', unitOk, numberAt(unit, 'numPassedTests'), numberAt(unit, 'numFailedTests'));

const built = step('npm run build', 'npm', ['run', '-s', 'build']);

const e2eReport = path.join(results, 'e2e.json');
rmSync(e2eReport, { force: true });
if (built) {
  const e2eOk = run('npm', ['run', '-s', 'test:e2e']);
  const stats: unknown = existsSync(e2eReport) ? Reflect.get(Object(readJson(e2eReport)), 'stats') : undefined;
  counted(
    'browser tests',
    e2eOk,
    numberAt(stats, 'expected') + numberAt(stats, 'flaky'),
    numberAt(stats, 'unexpected'),
  );
} else {
  failed += 1;
  failures.push('browser tests (skipped: the build failed)');
}

console.info('');
if (failures.length > 0) console.info(`Failed: ${failures.join('; ')}`);
console.info(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
