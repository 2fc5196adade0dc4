/**
 * `npm run bench:load`: the society's busiest hour and 20 times it, side by side in one run, through Caddy with the
 * project's deploy/Caddyfile in front of the production server (the sample events), as production runs.
 *
 * The busiest hour follows a mail to all 4,000 members (BUSIEST_HOUR_VISITS below). A visit is what a phone's browser
 * asks for on VISIT: the pages, their scripts and pictures as it scrolls through each, and the events list when it
 * uses Monthly Activities' filter, recorded once in Chromium at the start. autocannon sends those requests at a fixed
 * rate (the busiest hour's, then 20 times it, then the first again), and each phase's latencies give its p50, p95 and
 * p99, and the server's CPU time per request (which holds on a busy machine where times do not). Target: the p95
 * at 20 times at most 1.5 times the p95 at rest (the lower of the two rest phases).
 *
 *   npm run bench:load [-- --seconds 20] [--visits 1000]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import autocannon from 'autocannon';
import { startCaddy } from '../../tests/e2e/caddyFront.ts';
import { CHROMIUM_ARGS, ensureChromium } from '../chromium.ts';
import { startProductionServer } from '../productionServer.ts';
import { percentile, table } from './report.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4671);
/**
 * The busiest hour, in visits: a quarter of the 4,000 members, each following the mail's link within the same hour
 * (a generous bound: mails to a membership are opened by fewer than half and clicked by a few in a hundred, over a day).
 */
const BUSIEST_HOUR_VISITS = 1000;
const HOUR_SECONDS = 3600;
const TARGET_RATIO = 1.5;
/** autocannons sharing a phase's rate, started evenly over a second (runPhase says why). */
const SENDERS = 10;
/** A visit: the pages in turn, and on Monthly Activities a change of place (which fetches the events list). */
const VISIT = ['/', '/monthly-activities', '/Events/1', '/past-webinars'];
/** What Chromium sends; the rest of a request's headers are the recorded ones that matter to the server. */
const ENCODINGS = 'gzip, deflate, br, zstd';
const KEPT_HEADERS = ['content-type', 'accept'];

async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState('networkidle');
}

/** The requests a phone's browser sends to `baseUrl` on one visit, in order (its cache kept between pages). */
async function recordVisit(baseUrl: string): Promise<autocannon.Request[]> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const requests: autocannon.Request[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== baseUrl) return;
      const sent = request.headers();
      const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => (sent[name] ? [[name, sent[name]]] : [])));
      const method = request.method() === 'POST' ? 'POST' : 'GET';
      const body = request.postData() ?? undefined;
      requests.push({
        method,
        path: url.pathname + url.search,
        headers: { ...headers, 'accept-encoding': ENCODINGS },
        body,
      });
    });
    for (const path of VISIT) {
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      await scrollThrough(page);
      if (path === '/monthly-activities') {
        await page.getByLabel('Place').selectOption({ index: 1 });
        await page.waitForLoadState('networkidle');
      }
    }
  } finally {
    await browser.close();
  }
  return requests;
}

/** The CPU time process `pid` has used, in ms (Linux's /proc: user and system time, in ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Phase {
  name: string;
  visitsPerHour: number;
}

/** One autocannon sending `visit` at `rate` requests a second for `seconds`: each answer's latency, and what failed. */
function sendAt(url: string, visit: autocannon.Request[], rate: number, seconds: number) {
  const latencies: number[] = [];
  return new Promise<{ latencies: number[]; failed: number }>((resolve, reject) => {
    const instance = autocannon(
      // Each connection sends at most 10 requests a second, so the rate, not the connections, sets the load.
      { url, requests: visit, overallRate: rate, connections: Math.ceil(rate / 10), duration: seconds },
      (error: unknown, result: autocannon.Result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve({ latencies, failed: result.non2xx + result.errors + result.timeouts });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/**
 * Sends `visit` to `url` at `visitsPerHour` for `seconds`. autocannon's rate sends each second's requests at once
 * at the start of the second, so a load as one autocannon would come as one burst a second, which visitors do not
 * make; SENDERS of them, started evenly over a second, spread it.
 */
async function runPhase(url: string, visit: autocannon.Request[], visitsPerHour: number, seconds: number) {
  const rate = Math.max(SENDERS, Math.round((visitsPerHour / HOUR_SECONDS) * visit.length));
  const senders = Array.from({ length: SENDERS }, async (_, index) => {
    await new Promise((resolve) => setTimeout(resolve, (1000 * index) / SENDERS));
    const share = Math.floor(rate / SENDERS) + (index < rate % SENDERS ? 1 : 0);
    return sendAt(url, visit, share, seconds);
  });
  const results = await Promise.all(senders);
  return {
    rate,
    latencies: results.flatMap((result) => result.latencies),
    failed: results.reduce((sum, result) => sum + result.failed, 0),
  };
}

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    visits: { type: 'string', default: String(BUSIEST_HOUR_VISITS) },
  },
});
const seconds = Number(values.seconds);
/** The visits an hour at rest (`--visits`, for a what-if; the target is for BUSIEST_HOUR_VISITS). */
const busiest = Number(values.visits);
if (!(seconds > 0) || !(busiest > 0)) throw new Error('--seconds and --visits take a number above 0');

const site = await startProductionServer(PORT, 'isa-bench-');
const front = await startCaddy(PORT);
try {
  const visit = await recordVisit(front.url);
  const perVisit = `${visit.length} requests (${visit.filter((request) => request.method === 'POST').length} POST)`;
  console.info(`\nA visit (${VISIT.join(', ')}, scrolled through; a change of place): ${perVisit}`);
  const phases: Phase[] = [
    { name: 'at rest', visitsPerHour: busiest },
    { name: '20 times', visitsPerHour: busiest * 20 },
    { name: 'at rest again', visitsPerHour: busiest },
  ];
  await runPhase(front.url, visit, busiest, 3); // Warm-up, not counted.
  const rows: string[][] = [];
  const p95: Record<string, number> = {};
  for (const phase of phases) {
    const cpuBefore = cpuMs(site.pid);
    const { rate, latencies, failed } = await runPhase(front.url, visit, phase.visitsPerHour, seconds);
    const cpuPerRequest = (cpuMs(site.pid) - cpuBefore) / latencies.length;
    p95[phase.name] = percentile(latencies, 0.95);
    rows.push([
      phase.name,
      String(phase.visitsPerHour),
      String(rate),
      (latencies.length / seconds).toFixed(0),
      percentile(latencies, 0.5).toFixed(1),
      percentile(latencies, 0.95).toFixed(1),
      percentile(latencies, 0.99).toFixed(1),
      cpuPerRequest.toFixed(2),
      String(failed),
    ]);
  }
  console.info(
    `\nThrough Caddy, ${seconds} s a phase\n${table(['phase', 'visits/h', 'req/s sent', 'answered/s', 'p50 ms', 'p95 ms', 'p99 ms', 'server CPU ms/req', 'failed'], rows)}`,
  );
  const rest = Math.min(p95['at rest'] ?? NaN, p95['at rest again'] ?? NaN);
  const ratio = (p95['20 times'] ?? NaN) / rest;
  const met = ratio <= TARGET_RATIO && rows.every((row) => row.at(-1) === '0');
  console.info(
    `\np95 at 20 times / p95 at rest: ${ratio.toFixed(2)} (target at most ${TARGET_RATIO}): ${met ? 'met' : 'MISSED'}`,
  );
  if (!met) process.exitCode = 1;
} finally {
  await front.stop();
  await site.stop();
}
