/**
 * How long a visitor on a phone waits for search results (the target: typing "Salem" or a surname
 * finds them in under a second). On /search, loaded and idle, the query is typed at 10 keys a
 * second; the figure is the time from its last key to the status line "N results for “query”".
 * The index and its code load only once the visitor starts (focus or typing), so this includes
 * fetching them. Each run is a fresh browser context (nothing cached), with the phone Lighthouse
 * models: slow 4G (150 ms round trip, 1.6 Mbit/s down) and a CPU 4 times slower (--cpu-slowdown).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { parse } from 'yaml';
import { z } from 'zod';
import { createSchemas } from '../../src/lib/content/schemas.ts';
import { CHROMIUM_ARGS, ensureChromium } from '../chromium.ts';
import { cpuSlowdown, runs } from './options.ts';
import { median, table } from './report.ts';

/** The target (results within a second of the last key), reported, never asserted. */
const SEARCH_TARGET_MS = 1000;

const root = path.resolve(import.meta.dirname, '../..');

/** "Salem", and the surname of a Salem bearer from the content (the last word of the name). */
function queries(): string[] {
  const salem = createSchemas(() => z.string()).branch.parse(
    parse(readFileSync(path.join(root, 'content/branches/salem.yaml'), 'utf8')),
  );
  const surname = salem.bearers.at(-1)?.name.split(' ').at(-1);
  return surname ? [salem.city, surname] : [salem.city];
}

/** Milliseconds from the last key of `query` to its results, in a fresh context of `browser`. */
async function timeOneSearch(browser: Browser, url: string, query: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown ?? 4 });
    await page.goto(`${url}/search`, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      document.addEventListener('input', () => document.body.setAttribute('data-last-key', String(performance.now())));
    });
    await page.getByRole('searchbox', { name: /Search for a person/ }).pressSequentially(query, { delay: 100 });
    const shownAt = await page.waitForFunction(
      (sought) => {
        const status = document.querySelector('.site-search__status');
        return status?.textContent?.endsWith(`for “${sought}”.`) ? performance.now() : false;
      },
      query,
      { polling: 'raf', timeout: 30_000 },
    );
    const lastKey = Number(await page.evaluate(() => document.body.getAttribute('data-last-key')));
    return Number(await shownAt.jsonValue()) - lastKey;
  } finally {
    await context.close();
  }
}

/** Prints the median wait per query (and every run), and whether it meets the target. */
export async function searchReport(url: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const rows: string[][] = [];
    const medians: number[] = [];
    for (const query of queries()) {
      const times: number[] = [];
      for (let run = 0; run < runs; run += 1) times.push(await timeOneSearch(browser, url, query));
      medians.push(median(times));
      rows.push([query, `${median(times).toFixed(0)} ms`, times.map((time) => time.toFixed(0)).join(', ')]);
    }
    console.info(`\nSearch on a phone (slow 4G, CPU ${cpuSlowdown ?? 4}x slower), last key to results, ${runs} runs:`);
    console.info(table(['query', 'median', 'runs (ms)'], rows));
    const worst = Math.max(...medians);
    console.info(
      `Target: results at most ${SEARCH_TARGET_MS} ms after the last key: ${worst <= SEARCH_TARGET_MS ? 'met' : `MISSED (${worst.toFixed(0)} ms)`}`,
    );
  } finally {
    await browser.close();
  }
}
