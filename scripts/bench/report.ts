/**
 * Figures as text: medians, aligned tables, the machine the figures come from, and the speed
 * targets of docs/performance.md checked against the Lighthouse medians of each route. Targets are
 * reported, never asserted: figures depend on the machine and what else runs on it.
 */
import os from 'node:os';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/** The first line of a report: when, on what machine, with which Node. */
export function machineLine(): string {
  const cpus = os.cpus();
  return `Benchmark of ${new Date().toISOString()} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** The Lighthouse medians of one route. */
export interface RouteFigures {
  route: string;
  performance: number;
  lcpMs: number;
  cls: number;
  scriptKiB: number;
}

/** The speed targets (docs/performance.md): every route, and the home page's JavaScript. */
const SPEED_TARGETS = { performance: 100, lcpMs: 1000, cls: 0, homeScriptKiB: 70 } as const;

interface Target {
  name: string;
  /** The routes the target applies to. */
  applies: (figures: RouteFigures) => boolean;
  met: (figures: RouteFigures) => boolean;
  shown: (figures: RouteFigures) => string;
}

const TARGETS: readonly Target[] = [
  {
    name: `performance ${SPEED_TARGETS.performance} on every route`,
    applies: () => true,
    met: (figures) => figures.performance >= SPEED_TARGETS.performance,
    shown: (figures) => String(figures.performance),
  },
  {
    name: `largest contentful paint at most ${SPEED_TARGETS.lcpMs} ms on every route`,
    applies: () => true,
    met: (figures) => figures.lcpMs <= SPEED_TARGETS.lcpMs,
    shown: (figures) => `${figures.lcpMs.toFixed(0)} ms`,
  },
  {
    name: `cumulative layout shift ${SPEED_TARGETS.cls} on every route`,
    applies: () => true,
    met: (figures) => figures.cls.toFixed(3) === SPEED_TARGETS.cls.toFixed(3),
    shown: (figures) => figures.cls.toFixed(3),
  },
  {
    name: `JavaScript of the home page at most ${SPEED_TARGETS.homeScriptKiB} KiB compressed`,
    applies: (figures) => figures.route === '/',
    met: (figures) => figures.scriptKiB <= SPEED_TARGETS.homeScriptKiB,
    shown: (figures) => `${figures.scriptKiB.toFixed(1)} KiB`,
  },
];

/** One line per target: "met" with the worst figure, or the routes that missed it. */
export function targetReport(routes: readonly RouteFigures[]): string {
  const lines = TARGETS.map((target) => {
    const measured = routes.filter(target.applies);
    if (measured.length === 0) return `  ${target.name}: not measured in this run`;
    const missed = measured.filter((figures) => !target.met(figures));
    if (missed.length === 0) return `  ${target.name}: met`;
    return `  ${target.name}: MISSED on ${missed.map((figures) => `${figures.route} (${target.shown(figures)})`).join(', ')}`;
  });
  return `Targets (median of the runs):\n${lines.join('\n')}`;
}
