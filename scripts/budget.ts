/**
 * `npm run budget`: what a first visit to each route costs. Loads every route in a fresh
 * headless Chromium on a phone-sized screen against the production server and adds up the
 * bytes that crossed the wire (compressed where the server compresses), by kind: HTML, CSS,
 * JavaScript, images and the rest. "First view" is what loads before any scrolling; "whole
 * page" also counts what loads lazily when the visitor scrolls to the bottom.
 *
 * Uses BUDGET_URL if given (a running server), otherwise builds if needed and starts one.
 */
import { chromium, type Page } from '@playwright/test';
import { FIXED_ROUTES, SEARCH_ROUTE } from '../src/lib/routes.ts';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.ts';
import { startProductionServer } from './productionServer.ts';

/** Every fixed route, one event page of the sample data, and a search (the only use of the index). */
const ROUTES = [...FIXED_ROUTES, '/Events/1', `${SEARCH_ROUTE}?q=Salem`];
/** "search": the search index and its code (/pagefind/), which only a search may load. */
const KINDS = ['html', 'css', 'js', 'images', 'search', 'other'] as const;
type Kind = (typeof KINDS)[number];
type Totals = Record<Kind, number>;

function kindOf(url: string, resourceType: string, contentType: string): Kind {
  if (new URL(url).pathname.startsWith('/pagefind/')) return 'search';
  if (resourceType === 'document') return 'html';
  if (resourceType === 'stylesheet' || contentType.includes('css')) return 'css';
  if (resourceType === 'script' || contentType.includes('javascript')) return 'js';
  if (resourceType === 'image' || contentType.startsWith('image/')) return 'images';
  return 'other';
}

async function measure(page: Page, url: string): Promise<{ status: number; firstView: Totals; wholePage: Totals }> {
  const totals: Totals = { html: 0, css: 0, js: 0, images: 0, search: 0, other: 0 };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const sizes = await request.sizes();
        const contentType = (await response.headerValue('content-type')) ?? '';
        totals[kindOf(request.url(), request.resourceType(), contentType)] +=
          sizes.responseBodySize + sizes.responseHeadersSize;
      })(),
    );
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  const firstView = { ...totals };
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return { status: response?.status() ?? 0, firstView, wholePage: { ...totals } };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const sum = (totals: Totals) => KINDS.reduce((total, kind) => total + totals[kind], 0);

const server = process.env.BUDGET_URL
  ? { url: process.env.BUDGET_URL, stop: async () => {} }
  : await startProductionServer(4455, 'isa-budget-');
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
try {
  console.info(`\nFirst-visit cost per route (KiB on the wire, phone screen 390x844) against ${server.url}\n`);
  console.info(
    `${'route'.padEnd(22)}${KINDS.map((kind) => kind.padStart(8)).join('')}${'total'.padStart(9)}${'whole page'.padStart(12)}`,
  );
  for (const route of ROUTES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const { status, firstView, wholePage } = await measure(page, server.url + route);
    const note = status === 200 ? '' : `  (answered ${status}: not a real page yet)`;
    console.info(
      `${route.padEnd(22)}${KINDS.map((kind) => ` ${kb(firstView[kind])}`).join('')} ${kb(sum(firstView)).padStart(8)}${kb(sum(wholePage)).padStart(12)}${note}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
