/**
 * Paths that differ only in letter case ("/Gallery" and "/gallery") are one path on macOS and
 * Windows, so a checkout or a copy of the build there loses one of them. Shared by the unit test
 * of the sources and the browser-run test of the build.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Groups of spellings that differ only in letter case, among the given paths and every folder
 * above them ("Gallery/index.html" also claims "Gallery").
 */
export function caseCollisions(paths: Iterable<string>): string[][] {
  const spellings = new Map<string, Set<string>>();
  for (const file of paths) {
    const segments = file.split('/').filter(Boolean);
    for (let length = 1; length <= segments.length; length++) {
      const spelling = segments.slice(0, length).join('/');
      const key = spelling.toLowerCase();
      spellings.set(key, (spellings.get(key) ?? new Set()).add(spelling));
    }
  }
  return [...spellings.values()].filter((group) => group.size > 1).map((group) => [...group].sort());
}

/** Every file under `folder`, relative to it, with forward slashes. */
export function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The route a file under src/pages serves: its path without the source extension; "index" is its folder. */
export function pageRoute(file: string): string {
  return file.replace(/\.(astro|ts|js|mjs|md|mdx|html)$/, '').replace(/(^|\/)index$/, '');
}
