/**
 * `npm run build`: the production build, made whole before anything uses it. Astro builds into a
 * new folder, builds/<time>/, while a server started from the previous build goes on serving it:
 * none of its files change under it. Only a build that finished is put in place, by switching the
 * `dist` link to it in one rename (an atomic step: a reader sees the old build or the new, never a
 * mix). A running `npm start` keeps the build it started with (scripts/start.ts says when a newer
 * one is in place); a new start serves the new one. The last builds are kept, and any build a
 * running server still uses; older ones are removed. Arguments are handed to `astro build`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILDS_DIR, buildInUse, DIST_LINK } from '../src/server/builtSite.ts';

/** Builds kept besides the new one (for a server started just before, or a look back). */
const KEPT_BUILDS = 2;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builds = path.join(root, BUILDS_DIR);
const dist = path.join(root, DIST_LINK);
const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
const target = path.join(builds, name);

mkdirSync(builds, { recursive: true });
const result = spawnSync('npx', ['astro', 'build', '--outDir', target, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
if (result.status !== 0) {
  rmSync(target, { recursive: true, force: true });
  console.error('The build failed; the site served so far is unchanged.');
  process.exit(result.status ?? 1);
}

// A `dist` folder from before builds were switched in place is kept as one of the builds.
if (existsSync(dist) && !lstatSync(dist).isSymbolicLink()) renameSync(dist, path.join(builds, `earlier-${name}`));
const next = `${dist}.next-${process.pid}`;
rmSync(next, { force: true });
symlinkSync(path.relative(root, target), next, 'dir');
renameSync(next, dist);
console.info(`The build is in place: ${DIST_LINK} -> ${path.relative(root, target)}`);

const older = readdirSync(builds)
  .filter((each) => each !== name)
  .sort()
  .reverse();
for (const each of older.slice(KEPT_BUILDS)) {
  if (!buildInUse(path.join(builds, each))) rmSync(path.join(builds, each), { recursive: true, force: true });
}
