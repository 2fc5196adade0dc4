/**
 * `npm run bench`: the speed targets of docs/performance.md, measured in turn by the field's tools: the pages with
 * Lighthouse CI (scripts/bench/pages.ts, alone `npm run bench:pages`), then the busiest hour and 20 times it with
 * autocannon through Caddy (scripts/bench/load.ts, alone `npm run bench:load`). `npm run bench -- --deploy` adds how
 * long a merge takes to go live and what visitors see meanwhile (scripts/bench/deploy.ts). Fails when a target is missed.
 */
import { spawnSync } from 'node:child_process';
import { deployReport } from './bench/deploy.ts';

const missed = ['scripts/bench/pages.ts', 'scripts/bench/load.ts'].filter(
  (part) => spawnSync(process.execPath, [part], { stdio: 'inherit' }).status !== 0,
);
if (process.argv.includes('--deploy')) await deployReport(3, 2);
if (missed.length > 0) {
  console.error(`\nA target was missed in ${missed.join(' and ')}: see above.`);
  process.exitCode = 1;
}
