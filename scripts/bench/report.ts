/** Figures as text: medians, aligned tables, and the machine the figures come from. */
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
