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
 *   npm run bench [-- --runs 3] [--only lighthouse|load|static|search|uploads|signin|deploy] [--duration 10]
 *                 [--connections 10] [--route /branches ...] [--cpu-slowdown 4] [--merges 3] [--without kept-answers ...]
 *
 * 3. Search on a phone: the time from the last key of "Salem" (and of a bearer's surname) to the
 *    results on /search, with slow 4G and a slower CPU (scripts/bench/search.ts).
 * 4. Upload processing of the events admin: photos per second and peak memory for 40 phone photos
 *    of 12 MP (scripts/bench/uploads.ts; no server needed).
 * 5. A sign-in flood: a public page's p50 and p99 at rest and while wrong sign-ins arrive from many
 *    networks, at 16 a second and as fast as 16 connections send (scripts/bench/signin.ts; a server of
 *    its own that trusts loopback as its proxy, on the port after Chromium's).
 * 6. Deploy: the time from a merge to the change on the page, with the default 60 s poll and with
 *    GitHub's webhook, and the visitors' failed requests through Caddy during the switches
 *    (scripts/bench/deploy.ts: `npm run release` as CI runs it, then `npm run deploy` following a folder).
 *
 * 7. Static files: the site's server against Caddy's file_server on the same built files, with brotli and without,
 *    and with `--without kept-answers|precompressed` the site without that piece (scripts/bench/static.ts).
 *
 * Parts: scripts/bench/ (options, lighthouse, load, static, search, uploads, signin, report).
 *
 * Ports: BENCH_PORT (default 4671) for the site, the next one for the bare server, the one after
 * for Chromium's DevTools protocol, the one after that for the sign-in flood's server, then the
 * static part's: its site, Caddy, and a site without each piece.
 */
import { deployReport } from './bench/deploy.ts';
import { lighthouseReport } from './bench/lighthouse.ts';
import { loadReport } from './bench/load.ts';
import { merges, only } from './bench/options.ts';
import { searchReport } from './bench/search.ts';
import { signInReport } from './bench/signin.ts';
import { staticReport } from './bench/static.ts';
import { uploadReport } from './bench/uploads.ts';
import { loadAverage, machineLine } from './bench/report.ts';
import { startProductionServer } from './productionServer.ts';

const SITE_PORT = Number(process.env.BENCH_PORT ?? 4671);

console.info(machineLine());
console.info(`Load average (1, 5, 15 min) before: ${loadAverage()}`);
if (only === undefined || only === 'lighthouse' || only === 'load' || only === 'search') {
  const site = await startProductionServer(SITE_PORT, 'isa-bench-');
  try {
    if (only === undefined || only === 'lighthouse') await lighthouseReport(site.url, SITE_PORT + 2);
    if (only === undefined || only === 'load') await loadReport(site.url, SITE_PORT + 1);
    if (only === undefined || only === 'search') await searchReport(site.url);
  } finally {
    await site.stop();
  }
}
if (only === undefined || only === 'static') await staticReport(SITE_PORT + 4);
if (only === undefined || only === 'uploads') await uploadReport();
if (only === undefined || only === 'signin') await signInReport(SITE_PORT + 3);
if (only === undefined || only === 'deploy') await deployReport(merges);
console.info(`Load average (1, 5, 15 min) after: ${loadAverage()}`);
