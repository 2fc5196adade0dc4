/**
 * The Lighthouse part of `npm run bench`: its default (mobile) settings, a mid-range phone's
 * screen, simulated slow 4G and a 4x slower CPU, in the system Chromium; every route several
 * times; the median of the four category scores, LCP, CLS, total blocking time and the
 * JavaScript downloaded, then every audit that kept a category below 100.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, ensureChromium } from '../chromium.ts';
import { startProcess, type StartedProcess } from '../startProcess.ts';
import { cpuSlowdown, routes, runs } from './options.ts';
import { median, table, targetReport, type RouteFigures } from './report.ts';

/** Lighthouse sometimes fails to record a trace on a busy machine; such a run is tried again. */
const LIGHTHOUSE_ATTEMPTS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Where each Lighthouse report is saved as JSON (git-ignored), to open in the Lighthouse viewer. */
const REPORTS = path.resolve(import.meta.dirname, '../../reports/lighthouse');

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

function launchChromium(devtoolsPort: number): Promise<StartedProcess> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'isa-bench-chromium-'));
  return startProcess(
    ensureChromium(),
    [
      ...CHROMIUM_ARGS,
      '--headless',
      `--remote-debugging-port=${devtoolsPort}`,
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    {
      what: `Chromium (DevTools port ${devtoolsPort})`,
      ready: async () => (await fetch(`http://127.0.0.1:${devtoolsPort}/json/version`)).ok,
      intervalMs: 200,
      attempts: 100,
      cleanUp: () => rmSync(userDataDir, { recursive: true, force: true }),
    },
  );
}

class LighthouseRuntimeError extends Error {}

async function runLighthouse(url: string, run: number, port: number): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, run, port);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= LIGHTHOUSE_ATTEMPTS) throw error;
      console.info(`  ${error.message}; trying again`);
    }
  }
}

async function runLighthouseOnce(url: string, run: number, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
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

/** Runs Lighthouse on every route of `siteUrl`, Chromium listening on `devtoolsPort`, and prints the figures. */
export async function lighthouseReport(siteUrl: string, devtoolsPort: number) {
  console.info(
    `\nLighthouse, ${cpuSlowdown === undefined ? 'default mobile settings (simulated slow 4G, 4x CPU slowdown)' : `mobile settings with a ${cpuSlowdown}x CPU slowdown instead of 4x`}, median of ${runs} run${runs === 1 ? '' : 's'} per route\n`,
  );
  rmSync(REPORTS, { recursive: true, force: true });
  const chromium = await launchChromium(devtoolsPort);
  const rows: string[][] = [];
  const figures: RouteFigures[] = [];
  const notes: Record<'costsPoints' | 'diagnostics', string[]> = { costsPoints: [], diagnostics: [] };
  let tools = '';
  try {
    for (const route of routes) {
      const results: LighthouseRun[] = [];
      for (let run = 0; run < runs; run++) results.push(await runLighthouse(siteUrl + route, run, devtoolsPort));
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
