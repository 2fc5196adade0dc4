/**
 * `npm start`: builds the site when the build is missing or older than its sources, then
 * serves it with one Node process (@astrojs/node standalone): prerendered pages, on-demand
 * pages and the API. Honours HOST and PORT (default 127.0.0.1:4321) and DATA_DIR (default ./data).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist/server/entry.mjs');
const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'package.json'];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

function buildIsStale(): boolean {
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  return SOURCES.some((source) => newestChange(path.join(root, source)) > built);
}

if (process.argv.includes('--rebuild') || buildIsStale()) {
  console.info('Building the site (the build is missing or older than its sources)...');
  const result = spawnSync('npx', ['astro', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

process.env.HOST ??= '127.0.0.1';
process.env.PORT ??= '4321';
process.env.DATA_DIR = path.resolve(root, process.env.DATA_DIR ?? 'data');
mkdirSync(process.env.DATA_DIR, { recursive: true });

await import(pathToFileURL(entry).href);
