/**
 * `npm run bench`: the speed targets of docs/performance.md, measured by the field's tools: the pages with
 * Lighthouse CI (scripts/bench/pages.ts, alone `npm run bench:pages`), then the busiest hour and 20 times it with
 * autocannon through Caddy (scripts/bench/load.ts, alone `npm run bench:load`). `-- --only deploy` measures how long
 * a merge takes to go live and what visitors see meanwhile instead (scripts/bench/deploy.ts). Fails when a target is
 * missed.
 *
 *   npm run bench [-- --only pages|load|deploy]
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { deployReport } from './bench/deploy.ts';

const PARTS = { pages: 'scripts/bench/pages.ts', load: 'scripts/bench/load.ts' } as const;
const { only } = parseArgs({ options: { only: { type: 'string' } } }).values;
if (only !== undefined && only !== 'deploy' && !(only in PARTS)) {
  console.error('Usage: npm run bench [-- --only pages|load|deploy]');
  process.exit(2);
}
if (only === 'deploy') {
  await deployReport(3);
} else {
  const parts = Object.entries(PARTS).filter(([name]) => only === undefined || name === only);
  const missed = parts.filter(([, file]) => spawnSync(process.execPath, [file], { stdio: 'inherit' }).status !== 0);
  if (missed.length > 0) {
    console.error(`\nA target was missed (${missed.map(([name]) => name).join(', ')}): see above.`);
    process.exitCode = 1;
  }
}
