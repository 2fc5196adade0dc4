/**
 * `npm test`: every check the project has, and one closing line "N passed, N failed". Two lanes run
 * at once, since each waits much of its time (on files, browsers, timers, child processes) and the
 * machine has two cores:
 *   lane 1: npm run check:content  (the YAML content and its photos), then side by side:
 *           vitest                 (unit tests; each test counts)
 *           npm run check          (astro check, ESLint, Prettier, knip; no warnings allowed), once the
 *                                  build is done: `astro check` writes Astro's generated files as the build does
 *   lane 2: npm run build          (the production build)
 *           Playwright             (browser tests against the built server; each test counts; it names
 *                                  the slowest spec files at its end, playwright.config.ts)
 * The check runs beside the unit tests rather than after them, so that the run does not end with a tool that
 * keeps one core busy while the other has nothing left to do.
 * Lane 1 runs at a lower priority (nice 10): the machine is busy throughout, and lane 2's browser tests
 * have timeouts to keep.
 * Lane 2's output goes straight to the terminal; lane 1's is printed step by step once each step ends,
 * so that neither is cut into the other's lines. A step that is not a test runner counts as one test.
 * Exits non-zero if anything failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];
/** Failed unit tests by name, repeated at the end: their runner's output is long gone by then. */
const failedTests: string[] = [];

/** Runs a command; its output goes to the terminal, or is gathered and printed when it ends (`gathered`). */
function run(command: string, args: string[], gathered = false): Promise<boolean> {
  const title = `\n▶ ${command} ${args.join(' ')}`;
  if (!gathered) console.info(title);
  const started = Date.now();
  return new Promise((resolve) => {
    // Lane 1 yields the processor to lane 2 (nice): it takes what the browser tests leave.
    const options = { cwd: root, env: process.env, stdio: gathered ? 'pipe' : 'inherit' } as const;
    const child = gathered ? spawn('nice', ['-n', '10', command, ...args], options) : spawn(command, args, options);
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('close', (code) => {
      if (gathered) {
        console.info(
          `${title}   (ran beside the build and the browser tests, ${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code === 0);
    });
  });
}

async function step(name: string, command: string, args: string[], gathered = false): Promise<boolean> {
  const ok = await run(command, args, gathered);
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

/** The failed tests of Vitest's JSON report, each with its file and the first line of its failure. */
function failedUnitTests(report: unknown): string[] {
  const files: unknown = typeof report === 'object' && report !== null ? Reflect.get(report, 'testResults') : undefined;
  const lines: string[] = [];
  for (const file of Array.isArray(files) ? files : []) {
    const name = path.relative(root, String(Reflect.get(Object(file), 'name') ?? ''));
    const assertions: unknown = Reflect.get(Object(file), 'assertionResults');
    for (const test of Array.isArray(assertions) ? assertions : []) {
      if (Reflect.get(Object(test), 'status') !== 'failed') continue;
      const messages: unknown = Reflect.get(Object(test), 'failureMessages');
      const first = (Array.isArray(messages) ? String(messages[0] ?? '').split('\n')[0] : '') ?? '';
      lines.push(`  ✘ ${name} › ${String(Reflect.get(Object(test), 'fullName'))}\n      ${first.slice(0, 300)}`);
    }
  }
  return lines;
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

/** Resolved when lane 2's build has ended, however it went. */
const built = Promise.withResolvers<void>();

async function unitTests(): Promise<void> {
  const unitReport = path.join(results, 'unit.json');
  rmSync(unitReport, { force: true });
  const unitOk = await run(
    'npx',
    // Two workers at least: Vitest's default on two cores is one, which left a core idle once the browser
    // tests had ended (lane 1 is niced, so a second worker takes only what lane 2 leaves meanwhile).
    [
      'vitest',
      'run',
      `--maxWorkers=${Math.max(2, availableParallelism() - 1)}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${unitReport}`,
    ],
    true,
  );
  const unit = readJson(unitReport);
  counted('unit tests', unitOk, numberAt(unit, 'numPassedTests'), numberAt(unit, 'numFailedTests'));
  failedTests.push(...failedUnitTests(unit));
}

async function checksAndUnitTests(): Promise<void> {
  await step('npm run check:content', 'npm', ['run', '-s', 'check:content'], true);
  await Promise.all([
    unitTests(),
    built.promise.then(() => step('npm run check', 'npm', ['run', '-s', 'check'], true)),
  ]);
}

async function buildAndBrowserTests(): Promise<void> {
  const e2eReport = path.join(results, 'e2e.json');
  rmSync(e2eReport, { force: true });
  const buildOk = await step('npm run build', 'npm', ['run', '-s', 'build']);
  built.resolve();
  if (!buildOk) {
    failed += 1;
    failures.push('browser tests (skipped: the build failed)');
    return;
  }
  const e2eOk = await run('npm', ['run', '-s', 'test:e2e']);
  const report = existsSync(e2eReport) ? readJson(e2eReport) : undefined;
  const stats: unknown = report === undefined ? undefined : Reflect.get(Object(report), 'stats');
  counted(
    'browser tests',
    e2eOk,
    numberAt(stats, 'expected') + numberAt(stats, 'flaky'),
    numberAt(stats, 'unexpected'),
  );
}

await Promise.all([checksAndUnitTests(), buildAndBrowserTests()]);

console.info('');
if (failedTests.length > 0) console.info(`Failed unit tests:\n${failedTests.join('\n')}`);
if (failures.length > 0) console.info(`Failed: ${failures.join('; ')}`);
console.info(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
