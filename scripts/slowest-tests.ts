/**
 * The slowest browser tests of the last run: `node scripts/slowest-tests.ts [report.json] [count]`
 * reads Playwright's JSON report (test-results/e2e.json, written by every `npm run test:e2e`) and
 * prints the `count` slowest tests (10 by default) with their durations, and the time each spec
 * file took in all (summed over its tests, as if one worker ran them). `npm test` prints it after
 * the browser tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Suite {
  file?: string;
  title?: string;
  suites?: Suite[];
  specs?: { title: string; file?: string; tests: { results: { duration: number; retry: number }[] }[] }[];
}

interface TestTime {
  file: string;
  title: string;
  ms: number;
}

/** Every test's run (retries included) of a Playwright JSON report, slowest first. */
function testTimes(report: unknown): TestTime[] {
  const times: TestTime[] = [];
  const walk = (suite: Suite, file: string, titles: string[]) => {
    const here = suite.file ?? file;
    const inner = suite.title && suite.title !== here ? [...titles, suite.title] : titles;
    for (const child of suite.suites ?? []) walk(child, here, inner);
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests.flatMap((test) => test.results)) {
        const retry = run.retry > 0 ? ` (retry ${run.retry})` : '';
        times.push({ file: spec.file ?? here, title: [...inner, spec.title].join(' › ') + retry, ms: run.duration });
      }
    }
  };
  const suites: unknown = typeof report === 'object' && report !== null ? Reflect.get(report, 'suites') : undefined;
  for (const suite of Array.isArray(suites) ? (suites as Suite[]) : []) walk(suite, suite.file ?? '', []);
  return times.sort((a, b) => b.ms - a.ms);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

/** The lines printed: the slowest `count` tests, then the spec files by their summed time. */
export function slowestSummary(report: unknown, count = 10): string[] {
  const times = testTimes(report);
  if (times.length === 0) return [];
  const byFile = new Map<string, number>();
  for (const time of times) byFile.set(time.file, (byFile.get(time.file) ?? 0) + time.ms);
  return [
    `The ${Math.min(count, times.length)} slowest browser tests:`,
    ...times.slice(0, count).map((time) => `${seconds(time.ms)}  ${time.file} › ${time.title}`),
    'Time per spec file (its tests summed):',
    ...[...byFile]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([file, ms]) => `${seconds(ms)}  ${file}`),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = process.argv[2] ?? path.join(root, 'test-results', 'e2e.json');
  if (!existsSync(file)) {
    console.error(`No report at ${file}: run the browser tests first (npm run test:e2e).`);
    process.exit(1);
  }
  const lines = slowestSummary(JSON.parse(readFileSync(file, 'utf8')), Number(process.argv[3] ?? 10));
  console.info(lines.join('\n'));
}
