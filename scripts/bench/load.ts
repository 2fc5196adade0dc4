/**
 * The load tests of `npm run bench`: autocannon with fixed connections against
 * POST /Admin/api/events_list and GET / (and GET /healthz, which the site server answers without
 * Astro, to show what each layer costs), each beside a bare node:http server
 * (scripts/replayServer.ts) replaying the very answer the site gave (status, headers, body
 * bytes); prints requests per second, p50 and p99 latency, and the site's share of the bare
 * server's rate.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PER_CONNECTION_HEADERS, type RecordedAnswer } from '../replayServer.ts';
import { startProcess, type StartedProcess } from '../startProcess.ts';
import { connections, duration } from './options.ts';
import { table } from './report.ts';

/** What Chromium sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const WARM_UP_SECONDS = 2;

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

async function startBareServer(answer: RecordedAnswer, port: number): Promise<StartedProcess & { url: string }> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'isa-bench-answer-'));
  const file = path.join(folder, 'answer.json');
  writeFileSync(file, JSON.stringify(answer));
  const url = `http://127.0.0.1:${port}`;
  const started = await startProcess(process.execPath, ['scripts/replayServer.ts', file, String(port)], {
    what: `The bare server (port ${port})`,
    ready: async () => {
      await fetch(url, { method: 'HEAD' });
      return true;
    },
    intervalMs: 100,
    attempts: 100,
    cleanUp: () => rmSync(folder, { recursive: true, force: true }),
  });
  return { ...started, url };
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

/** Load-tests `siteUrl` and a bare server on `barePort` replaying its answers, and prints the figures. */
export async function loadReport(siteUrl: string, barePort: number) {
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
    const bare = await startBareServer(answer, barePort);
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
