/**
 * The static-file part of `npm run bench` (`--only static`): the site's production server against Caddy's
 * `file_server` (scripts/bench/caddyFileServer.ts) on the same built files, started in the same run: the home page,
 * /branches, the React runtime every page with an island loads and the banner's first picture, each asked for with
 * `Accept-Encoding: br` and without it. autocannon with the same connections and duration for every server, after
 * a warm-up; the servers take turns run by run (the first one in one run is the last in the next), and each row
 * gives the median of the runs: requests a second, p50 and p99 latency, and the site's rate over Caddy's in the
 * same run (the median of the runs, then the lowest and highest).
 *
 * `--without kept-answers` and `--without precompressed` add the site without that piece (scripts/start.ts's
 * `--without=`; src/server/http/siteServer.ts), to show whether the target needs it. Ports: `port` for the site,
 * the next for Caddy, the ones after for each site without a piece.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

import { startProductionServer } from '../productionServer.ts';
import { startCaddy } from './caddyFileServer.ts';
import { connections, duration, runs, without } from './options.ts';
import { loadAverage, median, table } from './report.ts';

/** The target: static pages at least this share of Caddy's file_server's rate, on the same files in the same run. */
const STATIC_TARGET = 0.9;
const WARM_UP_SECONDS = 2;

interface Server {
  name: string;
  url: string;
  /** Whether it is Caddy, the rate every other server is measured against. */
  reference?: boolean;
  stop(): Promise<void>;
}

interface Row {
  urlPath: string;
  /** The file it is, in the build's client folder. */
  file: string;
  brotli: boolean;
}

interface Figures {
  rate: number;
  p50: number;
  p99: number;
}

const projectDir = path.resolve(import.meta.dirname, '../..');

/** The first match of `pattern`'s group in `file` (a built page), or a clear error. */
function foundIn(file: string, pattern: RegExp, what: string): string {
  const found = pattern.exec(readFileSync(file, 'utf8'))?.[1];
  if (!found) throw new Error(`No ${what} in ${file}`);
  return found;
}

/** What is measured, in the build being served: two pages, a script and a picture, with brotli and without. */
function rowsOf(clientDir: string): Row[] {
  const home = path.join(clientDir, 'index.html');
  const branches = path.join(clientDir, 'branches', 'index.html');
  const runtime = foundIn(branches, /renderer-url="(\/_astro\/[^"]+\.js)"/u, 'island renderer');
  const picture = foundIn(home, /<img src="(\/_astro\/[^"]+)"[^>]*fetchpriority="high"/u, 'high-priority picture');
  const files: [string, string][] = [
    ['/', home],
    ['/branches', branches],
    [runtime, path.join(clientDir, runtime)],
    [picture, path.join(clientDir, picture)],
  ];
  return files.flatMap(([urlPath, file]) => [true, false].map((brotli) => ({ urlPath, file, brotli })));
}

const headersOf = (row: Row): Record<string, string> => (row.brotli ? { 'Accept-Encoding': 'br' } : {});
const rowName = (row: Row) => `${row.urlPath} ${row.brotli ? '(br)' : '(no Accept-Encoding)'}`;

/** One answer: its status, encoding and body bytes as sent, checked to be the file on disk once decoded. */
function checkedAnswer(server: Server, row: Row): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(row.urlPath, server.url), { headers: headersOf(row) }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'] ?? 'none';
        const decoders: Record<string, (data: Buffer) => Buffer> = {
          none: (data) => data,
          br: zlib.brotliDecompressSync,
          gzip: zlib.gunzipSync,
        };
        const decoded = decoders[encoding]?.(body);
        if (response.statusCode !== 200 || !decoded?.equals(readFileSync(row.file))) {
          reject(new Error(`${server.name} does not send ${row.file} at ${rowName(row)} (${response.statusCode})`));
        } else resolve({ bytes: body.byteLength, encoding });
      });
    });
    request.on('error', reject);
  });
}

async function measure(server: Server, row: Row, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: new URL(row.urlPath, server.url).href,
    headers: headersOf(row),
    connections,
    duration: seconds,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${rowName(row)} on ${server.name}: ${failed} of ${result.requests.total} failed`);
  return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The servers in the order of run `run`: each run starts one later than the one before. */
const turn = <T>(items: readonly T[], run: number) => items.map((_, at) => items[(at + run) % items.length] as T);

const ratioText = (ratios: readonly number[]) =>
  `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;

/** Measures every row on every server, prints the table, and returns each site's median ratios per row. */
async function measureAll(servers: readonly Server[], rows: readonly Row[]) {
  const caddy = servers.find((server) => server.reference);
  if (!caddy) throw new Error('No reference server');
  const lines: string[][] = [];
  const ratios = new Map<string, { row: Row; ratio: number }[]>();
  for (const row of rows) {
    const answers = await Promise.all(servers.map((server) => checkedAnswer(server, row)));
    for (const server of servers) await measure(server, row, WARM_UP_SECONDS);
    const runsOf = new Map<Server, Figures[]>(servers.map((server) => [server, []]));
    for (let run = 0; run < runs; run += 1) {
      for (const server of turn(servers, run)) runsOf.get(server)?.push(await measure(server, row, duration));
    }
    const caddyRates = (runsOf.get(caddy) ?? []).map(({ rate }) => rate);
    servers.forEach((server, at) => {
      const figures = runsOf.get(server) ?? [];
      const perRun = figures.map(({ rate }, run) => rate / (caddyRates[run] ?? NaN));
      if (!server.reference)
        ratios.set(server.name, [...(ratios.get(server.name) ?? []), { row, ratio: median(perRun) }]);
      const answer = answers[at];
      lines.push([
        at === 0 ? rowName(row) : '',
        server.name,
        median(figures.map(({ rate }) => rate)).toFixed(0),
        median(figures.map(({ p50 }) => p50)).toFixed(1),
        median(figures.map(({ p99 }) => p99)).toFixed(1),
        answer ? `${(answer.bytes / 1024).toFixed(1)} (${answer.encoding})` : '',
        server.reference ? '' : ratioText(perRun),
      ]);
    });
    console.info(`  measured ${rowName(row)} (load average ${loadAverage()})`);
  }
  const header = ['answer', 'server', 'req/s', 'p50 ms', 'p99 ms', 'body KiB', 'site/Caddy (range)'];
  console.info(`\n${table(header, lines)}\n`);
  return ratios;
}

/** One line per site server: the target met, or the rows that missed it. */
function targetLines(ratios: Map<string, { row: Row; ratio: number }[]>): string {
  const name = `static pages at least ${STATIC_TARGET}× Caddy's file_server (median of the runs, every row)`;
  return [...ratios]
    .map(([server, rows]) => {
      const missed = rows.filter(({ ratio }) => ratio < STATIC_TARGET);
      const lowest = Math.min(...rows.map(({ ratio }) => ratio)).toFixed(2);
      const outcome =
        missed.length === 0
          ? `met (lowest ${lowest})`
          : `MISSED on ${missed.map(({ row, ratio }) => `${rowName(row)} ${ratio.toFixed(2)}`).join(', ')}`;
      return `  ${server}: ${name}: ${outcome}`;
    })
    .join('\n');
}

/** Starts the site (and each site without a piece) and Caddy from `port` on, measures, prints, stops them all. */
export async function staticReport(port: number): Promise<void> {
  const servers: Server[] = [];
  try {
    const site = await startProductionServer(port, 'isa-bench-static-');
    servers.push({ name: 'site', ...site });
    const buildDir = path.join(projectDir, 'dist');
    servers.push({ name: 'Caddy', reference: true, ...(await startCaddy(buildDir, port + 1)) });
    for (const [at, piece] of without.entries()) {
      const args = [`--without=${piece}`];
      const other = await startProductionServer(port + 2 + at, `isa-bench-static-${piece}-`, {}, args);
      servers.push({ name: `site without ${piece}`, ...other });
    }
    console.info(
      `\nStatic files: autocannon, ${connections} connections, ${runs} runs of ${duration} s per server and answer ` +
        `after a ${WARM_UP_SECONDS} s warm-up, the servers in turn; load average ${loadAverage()}\n`,
    );
    const ratios = await measureAll(servers, rowsOf(path.join(buildDir, 'client')));
    console.info(`Target:\n${targetLines(ratios)}\nLoad average after the static part: ${loadAverage()}`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}
