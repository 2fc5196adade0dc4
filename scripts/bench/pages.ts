/**
 * `npm run bench:pages`: Lighthouse CI (lhci's collect, assert and upload) on every fixed route and one event page of the production
 * server with the sample events, in Lighthouse's phone profile (a mid-range phone, simulated slow 4G, a 4x slower
 * CPU) and the system Chromium. lighthouserc.json holds the runs per route and the targets it asserts (performance
 * 100, largest paint at most 1.0 s, no layout shift, each the median of the runs); this prints each route's medians
 * and fails when lhci does. Reports: reports/lighthouse/ (git-ignored).
 *
 *   npm run bench:pages [-- --route /branches ...] [--runs 3]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { FIXED_ROUTES } from '../../src/lib/routes.ts';
import { CHROMIUM_ARGS, ensureChromium } from '../chromium.ts';
import { startProductionServer } from '../productionServer.ts';
import { median, table } from './report.ts';

const root = path.resolve(import.meta.dirname, '../..');
const REPORTS = path.join(root, 'reports/lighthouse');
const RC = path.join(root, 'lighthouserc.json');
/** lhci's command line (the package's `bin`; it has no other entry). */
const LHCI = createRequire(import.meta.url).resolve('@lhci/cli/src/cli.js');
const PORT = Number(process.env.BENCH_PORT ?? 4671);
const ATTEMPTS = 3;
const rcSchema = z.object({ ci: z.object({ collect: z.object({ numberOfRuns: z.number().int().positive() }) }) });

interface Lhr {
  requestedUrl: string;
  lighthouseVersion: string;
  runtimeError?: unknown;
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
}

/** Each route's median performance score, largest paint, layout shift and blocking time, from lhci's saved runs. */
function figures(): string {
  const folder = path.join(REPORTS, '.lighthouseci');
  const runs = readdirSync(folder)
    .filter((name) => /^lhr-.*\.json$/.test(name))
    .map((name): Lhr => JSON.parse(readFileSync(path.join(folder, name), 'utf8')))
    .filter((lhr) => lhr.runtimeError === undefined);
  const byRoute = Map.groupBy(runs, (run) => new URL(run.requestedUrl).pathname);
  const rows = [...byRoute].map(([route, lhrs]) => {
    const middle = (pick: (lhr: Lhr) => number) => median(lhrs.map(pick));
    const audit = (id: string) => (lhr: Lhr) => lhr.audits[id]?.numericValue ?? NaN;
    return [
      route,
      String(lhrs.length),
      middle((lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100)).toFixed(0),
      middle(audit('largest-contentful-paint')).toFixed(0),
      middle(audit('cumulative-layout-shift')).toFixed(3),
      middle(audit('total-blocking-time')).toFixed(0),
    ];
  });
  const version = runs[0]?.lighthouseVersion ?? '?';
  return `Lighthouse ${version}, phone profile, median of each route's runs\n${table(
    ['route', 'runs', 'perf', 'LCP ms', 'CLS', 'TBT ms'],
    rows,
  )}`;
}

/** lhci with `args` (and the project's lighthouserc.json), in REPORTS; its exit code. */
async function lhci(args: string[]): Promise<number> {
  // Not spawnSync: this process must go on reading the server's output, or the server stalls writing it.
  const child = spawn(process.execPath, [LHCI, ...args, `--config=${RC}`], {
    cwd: REPORTS,
    stdio: 'inherit',
  });
  const [code] = await once(child, 'exit');
  return typeof code === 'number' ? code : 1;
}

const { values } = parseArgs({
  options: { route: { type: 'string', multiple: true }, runs: { type: 'string' } },
});
const routes = values.route ?? [...FIXED_ROUTES, '/Events/1'];
const runs = Number(values.runs ?? rcSchema.parse(JSON.parse(readFileSync(RC, 'utf8'))).ci.collect.numberOfRuns);
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const site = await startProductionServer(PORT, 'isa-bench-');
try {
  const chrome = [`--chromePath=${ensureChromium()}`, `--settings.chromeFlags=${CHROMIUM_ARGS.join(' ')}`];
  // One run at a time, each tried up to ATTEMPTS times: on a busy machine Chromium sometimes fails a load, and
  // lhci's own collect gives up on the whole list at the first failed run.
  for (const route of routes) {
    for (let run = 0; run < runs; run++) {
      let attempt = 1;
      const collect = ['collect', `--url=${site.url}${route}`, '--numberOfRuns=1', '--additive', ...chrome];
      while ((await lhci(collect)) !== 0) {
        if (++attempt > ATTEMPTS) throw new Error(`Lighthouse failed ${ATTEMPTS} times on ${route}`);
      }
    }
  }
  const assert = await lhci(['assert']);
  await lhci(['upload']);
  console.info(`\n${figures()}\n\nReports: ${REPORTS}`);
  process.exitCode = assert;
} finally {
  await site.stop();
}
