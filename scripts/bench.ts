/**
 * `npm run bench`: how fast the production server is on this machine, in figures.
 *
 * 1. Lighthouse, with its default (mobile) settings: a mid-range phone's screen, simulated slow
 *    4G and a 4x slower CPU, in the system Chromium. Every fixed route and one event page, several
 *    runs each; prints the median of the four category scores, LCP, CLS, total blocking time and
 *    the JavaScript downloaded, then every audit that kept a category below 100.
 * 2. Load tests (autocannon, fixed connections) of POST /Admin/api/events_list and GET / (and
 *    GET /healthz, which the site server answers without Astro, to show what each layer costs),
 *    each beside a bare node:http server (scripts/replayServer.ts) that replays the very answer
 *    the site gave (status, headers, body bytes); prints requests per second, p50 and p99
 *    latency, and the site's share of the bare server's rate.
 *
 * Builds first when needed and serves with a temporary data folder (scripts/productionServer.ts).
 *
 *   npm run bench [-- --runs 3] [--only lighthouse|load] [--duration 10] [--connections 10]
 *                 [--route /branches ...] [--cpu-slowdown 4]
 *
 * Ports: BENCH_PORT (default 4671) for the site, the next one for the bare server, the one after
 * for Chromium's DevTools protocol.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
import { FIXED_ROUTES } from '../src/lib/routes.ts';
import { median, table, targetReport, type RouteFigures } from './benchReport.ts';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.ts';
import { startProductionServer } from './productionServer.ts';
import { PER_CONNECTION_HEADERS, type RecordedAnswer } from './replayServer.ts';

const SITE_PORT = Number(process.env.BENCH_PORT ?? 4671);
const BARE_PORT = SITE_PORT + 1;
const DEVTOOLS_PORT = SITE_PORT + 2;
/** Lighthouse sometimes fails to record a trace on a busy machine; such a run is tried again. */
const LIGHTHOUSE_ATTEMPTS = 3;
/** Every fixed route, and one event page of the sample data. */
const ROUTES = [...FIXED_ROUTES, '/Events/1'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** What Chromium sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const WARM_UP_SECONDS = 2;
/** Where each Lighthouse report is saved as JSON (git-ignored), to open in the Lighthouse viewer. */
const REPORTS = path.resolve(import.meta.dirname, '../reports/lighthouse');

const USAGE = `Usage: npm run bench [-- --runs 3] [--only lighthouse|load] [--duration 10] [--connections 10]
                     [--route /branches ...] [--cpu-slowdown 4]`;

/** Stops with the reason and the usage, without a stack trace. */
function usageError(reason: string): never {
  console.error(`${reason}\n${USAGE}`);
  process.exit(2);
}

function parseFlags() {
  try {
    return parseArgs({
      options: {
        runs: { type: 'string', default: '3' },
        only: { type: 'string' },
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '10' },
        route: { type: 'string', multiple: true },
        'cpu-slowdown': { type: 'string' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
}

const flags = parseFlags();
if (flags.help) {
  console.info(USAGE);
  process.exit(0);
}
/** Lighthouse's CPU slowdown, when not its default (4): for a machine much slower or faster than it assumes. */
const cpuSlowdown = flags['cpu-slowdown'] === undefined ? undefined : Number(flags['cpu-slowdown']);
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) usageError('--cpu-slowdown takes a number of 1 or more');
const routes = flags.route ?? ROUTES;
const runs = Number(flags.runs);
const duration = Number(flags.duration);
const connections = Number(flags.connections);
if (![runs, duration, connections].every((value) => Number.isInteger(value) && value > 0)) {
  usageError('--runs, --duration and --connections take whole numbers above 0');
}
if (flags.only !== undefined && flags.only !== 'lighthouse' && flags.only !== 'load') {
  usageError('--only takes "lighthouse" or "load"');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface Shortfall {
  /** "accessibility: Buttons do not have an accessible name". */
  audit: string;
  /** What Lighthouse measured, such as "Est savings of 70 ms"; "" if nothing. */
  value: string;
  costsPoints: boolean;
}

interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scriptBytes: number;
  /** Audits below full marks: weighted ones cost points, performance diagnostics only explain. */
  shortfalls: Shortfall[];
  /** "Lighthouse 13.x, Chromium 150.x". */
  tools: string;
  /** Lighthouse's measure of this machine's speed during the run (a fast desktop: 1500 and more). */
  benchmarkIndex: number;
}

async function launchChromium(): Promise<{ stop: () => Promise<void> }> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'isa-bench-chromium-'));
  const chromium = spawn(
    ensureChromium(),
    [
      ...CHROMIUM_ARGS,
      '--headless',
      `--remote-debugging-port=${DEVTOOLS_PORT}`,
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => chromium.once('exit', () => resolve()));
  const stop = async () => {
    if (chromium.exitCode === null && chromium.signalCode === null) chromium.kill('SIGTERM');
    await exited;
    rmSync(userDataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${DEVTOOLS_PORT}/json/version`)).ok) return { stop };
    } catch {
      // not listening yet
    }
    await wait(200);
  }
  await stop();
  throw new Error(`Chromium did not open its DevTools port ${DEVTOOLS_PORT}`);
}

class LighthouseRuntimeError extends Error {}

async function runLighthouse(url: string, run: number): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, run);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= LIGHTHOUSE_ATTEMPTS) throw error;
      console.info(`  ${error.message}; trying again`);
    }
  }
}

async function runLighthouseOnce(url: string, run: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port: DEVTOOLS_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  mkdirSync(REPORTS, { recursive: true });
  const name = new URL(url).pathname.replace(/^\/$/, '/home').slice(1).replaceAll('/', '-');
  writeFileSync(path.join(REPORTS, `${name}-${run + 1}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);

  const scores = {
    performance: 0,
    accessibility: 0,
    'best-practices': 0,
    seo: 0,
  };
  const shortfalls: Shortfall[] = [];
  for (const category of CATEGORIES) {
    const summary = lhr.categories[category];
    scores[category] = Math.round((summary?.score ?? 0) * 100);
    for (const ref of summary?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      // A weighted audit below full marks costs points; for performance, also name the
      // diagnostics Lighthouse flags (weight 0, but they explain the metrics).
      const costsPoints = ref.weight > 0 && audit.score < 1;
      if (costsPoints || (category === 'performance' && audit.score < 0.5)) {
        shortfalls.push({ audit: `${category}: ${audit.title}`, value: audit.displayValue ?? '', costsPoints });
      }
    }
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details;
  let scriptBytes = 0;
  if (requests?.type === 'table') {
    for (const item of requests.items) {
      const size = item['transferSize'];
      if (item['resourceType'] === 'Script' && typeof size === 'number') scriptBytes += size;
    }
  }
  return {
    scores,
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    scriptBytes,
    shortfalls,
    tools: `Lighthouse ${lhr.lighthouseVersion}, ${/(?:Headless)?Chrome\/[\d.]+/.exec(lhr.environment.hostUserAgent)?.[0] ?? 'Chromium'}`,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

async function lighthouseReport(siteUrl: string) {
  console.info(
    `\nLighthouse, ${cpuSlowdown === undefined ? 'default mobile settings (simulated slow 4G, 4x CPU slowdown)' : `mobile settings with a ${cpuSlowdown}x CPU slowdown instead of 4x`}, median of ${runs} run${runs === 1 ? '' : 's'} per route\n`,
  );
  rmSync(REPORTS, { recursive: true, force: true });
  const chromium = await launchChromium();
  const rows: string[][] = [];
  const figures: RouteFigures[] = [];
  const notes: Record<'costsPoints' | 'diagnostics', string[]> = { costsPoints: [], diagnostics: [] };
  let tools = '';
  try {
    for (const route of routes) {
      const results: LighthouseRun[] = [];
      for (let run = 0; run < runs; run++) results.push(await runLighthouse(siteUrl + route, run));
      tools = results[0]?.tools ?? tools;
      const middle = (pick: (run: LighthouseRun) => number) => median(results.map(pick));
      rows.push([
        route,
        ...CATEGORIES.map((category) => String(middle((run) => run.scores[category]))),
        middle((run) => run.lcpMs).toFixed(0),
        middle((run) => run.cls).toFixed(3),
        middle((run) => run.tbtMs).toFixed(0),
        (middle((run) => run.scriptBytes) / 1024).toFixed(1),
        middle((run) => run.benchmarkIndex).toFixed(0),
      ]);
      figures.push({
        route,
        performance: middle((run) => run.scores.performance),
        lcpMs: middle((run) => run.lcpMs),
        cls: middle((run) => run.cls),
        scriptKiB: middle((run) => run.scriptBytes) / 1024,
      });
      // One line per audit, with the values of the runs that flagged it.
      const seen = new Map<string, { costsPoints: boolean; values: string[] }>();
      for (const { audit, value, costsPoints } of results.flatMap((run) => run.shortfalls)) {
        const entry = seen.get(audit) ?? { costsPoints: false, values: [] };
        entry.costsPoints ||= costsPoints;
        entry.values.push(value);
        seen.set(audit, entry);
      }
      for (const [audit, { costsPoints, values }] of seen) {
        const distinct = [...new Set(values.filter(Boolean))];
        const measured = distinct.length > 0 ? ` (${distinct.join('; ')})` : '';
        const often = runs > 1 ? ` [${values.length}/${runs} runs]` : '';
        notes[costsPoints ? 'costsPoints' : 'diagnostics'].push(`${route}: ${audit}${measured}${often}`);
      }
      console.info(`  measured ${route}`);
    }
  } finally {
    await chromium.stop();
  }
  console.info(
    `\n${tools}\n${table(['route', 'perf', 'a11y', 'best pr.', 'seo', 'LCP ms', 'CLS', 'TBT ms', 'JS KiB', 'host'], rows)}\n`,
  );
  console.info(
    'host: the speed Lighthouse measured for this machine during the runs (its benchmarkIndex; a fast desktop scores 1500 and more). ' +
      'Lighthouse slows the CPU 4x on top of it, so a slow or busy machine lowers the performance score through total blocking time.\n',
  );
  console.info(`${targetReport(figures)}\n`);
  const list = (lines: string[]) => lines.map((line) => `\n  ${line}`).join('');
  console.info(
    notes.costsPoints.length > 0
      ? `Audits that cost points:${list(notes.costsPoints)}`
      : 'No audit cost any points in any run.',
  );
  if (notes.diagnostics.length > 0) {
    console.info(
      `\nPerformance diagnostics Lighthouse flags (they cost no points themselves):${list(notes.diagnostics)}`,
    );
  }
  console.info(`\nEach report, as JSON for https://googlechrome.github.io/lighthouse/viewer/, is in ${REPORTS}`);
}

// ---------------------------------------------------------------------------------------------
// Load tests

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
}

/** One request to `baseUrl`, answered in full: what the site sent, minus per-connection headers. */
function record(baseUrl: string, scenario: Scenario): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(scenario.path, baseUrl), {
      method: scenario.method,
      headers: scenario.headers,
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: [string, string][] = [];
        for (let index = 0; index + 1 < response.rawHeaders.length; index += 2) {
          const name = response.rawHeaders[index] ?? '';
          if (!PER_CONNECTION_HEADERS.has(name.toLowerCase()))
            headers.push([name, response.rawHeaders[index + 1] ?? '']);
        }
        resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

async function startBareServer(answer: RecordedAnswer): Promise<{ url: string; stop: () => Promise<void> }> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'isa-bench-answer-'));
  const file = path.join(folder, 'answer.json');
  writeFileSync(file, JSON.stringify(answer));
  const child = spawn(process.execPath, ['scripts/replayServer.ts', file, String(BARE_PORT)], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${BARE_PORT}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(folder, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(url, { method: 'HEAD' });
      return { url, stop };
    } catch {
      await wait(100);
    }
  }
  await stop();
  throw new Error(`The bare server did not start on port ${BARE_PORT}`);
}

async function load(url: string, scenario: Scenario, seconds: number) {
  const result = await autocannon({
    url: new URL(scenario.path, url).href,
    method: scenario.method,
    headers: scenario.headers,
    connections,
    duration: seconds,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(`${scenario.name} against ${url}: ${failed} of ${result.requests.total} requests failed`);
  }
  return result;
}

async function loadReport(siteUrl: string) {
  const scenarios: Scenario[] = [
    {
      name: 'POST /Admin/api/events_list',
      method: 'POST',
      path: '/Admin/api/events_list',
      // What the Monthly Activities island sends.
      headers: { Accept: 'application/json', Origin: siteUrl, 'Accept-Encoding': BROWSER_ENCODINGS },
    },
    { name: 'GET / (compressed)', method: 'GET', path: '/', headers: { 'Accept-Encoding': BROWSER_ENCODINGS } },
    { name: 'GET / (uncompressed)', method: 'GET', path: '/', headers: { 'Accept-Encoding': 'identity' } },
    // Answered by the site server itself, before Astro: what the server costs without Astro.
    {
      name: 'GET /healthz (no Astro)',
      method: 'GET',
      path: '/healthz',
      headers: { 'Accept-Encoding': BROWSER_ENCODINGS },
    },
  ];
  console.info(
    `\nLoad tests: autocannon, ${duration} s, ${connections} connections, after a ${WARM_UP_SECONDS} s warm-up; the bare server replays the site's own answer\n`,
  );
  const rows: string[][] = [];
  for (const scenario of scenarios) {
    const answer = await record(siteUrl, scenario);
    if (answer.status !== 200) throw new Error(`${scenario.name} answered ${answer.status}`);
    const bare = await startBareServer(answer);
    try {
      const replayed = await record(bare.url, scenario);
      if (replayed.body !== answer.body || JSON.stringify(replayed.headers) !== JSON.stringify(answer.headers)) {
        throw new Error(`The bare server does not answer ${scenario.name} as the site does`);
      }
      const measured: Record<'site' | 'bare', Awaited<ReturnType<typeof load>>> = {
        site: await (async () => {
          await load(siteUrl, scenario, WARM_UP_SECONDS);
          return load(siteUrl, scenario, duration);
        })(),
        bare: await (async () => {
          await load(bare.url, scenario, WARM_UP_SECONDS);
          return load(bare.url, scenario, duration);
        })(),
      };
      const bytes = Buffer.from(answer.body, 'base64').byteLength;
      const encoding = answer.headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? 'none';
      for (const server of ['site', 'bare'] as const) {
        const result = measured[server];
        rows.push([
          server === 'site' ? scenario.name : '',
          server,
          result.requests.average.toFixed(0),
          result.latency.p50.toFixed(0),
          result.latency.p99.toFixed(0),
          server === 'site' ? `${(bytes / 1024).toFixed(1)} (${encoding})` : '',
          server === 'site' ? (result.requests.average / measured.bare.requests.average).toFixed(2) : '',
        ]);
      }
      console.info(`  measured ${scenario.name}`);
    } finally {
      await bare.stop();
    }
  }
  console.info(`\n${table(['answer', 'server', 'req/s', 'p50 ms', 'p99 ms', 'body KiB', 'site/bare'], rows)}\n`);
}

// ---------------------------------------------------------------------------------------------

const cpus = os.cpus();
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
console.info(
  `Benchmark of ${new Date().toISOString()} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
console.info(`Load average (1, 5, 15 min) before: ${loadAverage()}`);
const site = await startProductionServer(SITE_PORT, 'isa-bench-');
try {
  if (flags.only !== 'load') await lighthouseReport(site.url);
  if (flags.only !== 'lighthouse') await loadReport(site.url);
} finally {
  await site.stop();
}
console.info(`Load average (1, 5, 15 min) after: ${loadAverage()}`);
