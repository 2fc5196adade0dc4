/**
 * `npm run check` (its last step but one): every file of this repository that the code, its comments
 * and the docs name by its path from the repository's root (src/..., scripts/..., tests/..., docs/...,
 * and the like) exists. A comment that names a file that is gone sends the next reader looking for it.
 * Prints each stale name with where it is written; exit code 1 if there is any.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A path from the root, ending in a file's extension; wildcards and placeholders (*, <x>, {x}) are not names. */
const NAMED =
  /(?<![\w./@-])((?:src|scripts|tests|docs|content|deploy|patches|public|\.github|\.ci)\/[\w./[\]-]+\.(?:tsx?|astro|mjs|js|css|md|ya?ml|json|jsonc|patch|service))(?![\w*<{])/g;
const READ = /\.(?:tsx?|astro|mjs|js|css|md|ya?ml|jsonc?|service)$|(?:^|\/)(?:Dockerfile|Caddyfile|run)$/;

const tracked = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .stdout.split('\0')
  .filter((file) => READ.test(file) && !file.startsWith('tests/fixtures/') && file !== 'package-lock.json');

const stale: string[] = [];
for (const file of tracked) {
  if (!existsSync(path.join(root, file))) continue;
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const [, named = ''] of line.matchAll(NAMED)) {
      const clean = named.replace(/[.]+$/, '');
      if (!existsSync(path.join(root, clean))) stale.push(`${file}:${index + 1}: ${clean}`);
    }
  });
}

if (stale.length > 0) {
  console.error(`Files named that do not exist (write the file's present name, or leave it out):\n${stale.join('\n')}`);
  process.exit(1);
}
console.info(`Every file named in ${tracked.length} files exists.`);
