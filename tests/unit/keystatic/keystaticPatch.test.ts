/**
 * The Keystatic patch is in place (patches/@keystatic+core+0.6.9.patch; its reasons in patches/README.md).
 * patch-package applies it at every install, but a new Keystatic would take it only in part, or not at all,
 * and the saves would silently stop saying what happened. Every line each hunk adds must be in the installed
 * file, and the installed version must be the one the patch was made for: an upgrade fails here, naming the
 * hunk and what it gave, until the patch is made again for it (or dropped where Keystatic now does the same).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PATCH = 'patches/@keystatic+core+0.6.9.patch';
const PATCHED_VERSION = /\+(\d+\.\d+\.\d+)\.patch$/.exec(PATCH)?.[1];

interface Hunk {
  file: string;
  header: string;
  /** What the hunk is for: its first comment, or its header's function. */
  purpose: string;
  added: string[];
}

/** The hunks of a unified diff, each with the lines it adds (blank lines left out). */
function hunksOf(diff: string): Hunk[] {
  const hunks: Hunk[] = [];
  let file = '';
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ b/')) file = line.slice('+++ b/'.length);
    else if (line.startsWith('@@')) {
      hunks.push({ file, header: line, purpose: line.replace(/^@@[^@]*@@\s*/, ''), added: [] });
    } else if (line.startsWith('+') && line.trim() !== '+') {
      const hunk = hunks.at(-1);
      const added = line.slice(1).trim();
      if (!hunk) continue;
      if (added.startsWith('//') && !hunk.purpose.startsWith('//')) hunk.purpose = added;
      hunk.added.push(added);
    }
  }
  return hunks;
}

const hunks = hunksOf(readFileSync(PATCH, 'utf8'));

describe('the Keystatic patch', () => {
  it('is for the installed @keystatic/core', () => {
    const { version } = JSON.parse(readFileSync('node_modules/@keystatic/core/package.json', 'utf8')) as {
      version: string;
    };
    expect(
      version,
      `@keystatic/core is ${version}, the patch is for ${PATCHED_VERSION}: make the patch again for it (patches/README.md)`,
    ).toBe(PATCHED_VERSION);
    expect(hunks.length).toBeGreaterThan(0);
  });

  it.each(hunks.map((hunk) => [`${path.basename(hunk.file)} ${hunk.header.split('@@')[1]?.trim()}`, hunk] as const))(
    'is applied: %s',
    (_name, hunk) => {
      const lines = new Set(
        readFileSync(hunk.file, 'utf8')
          .split('\n')
          .map((line) => line.trim()),
      );
      const missing = hunk.added.filter((line) => !lines.has(line));
      expect(
        missing,
        `${hunk.file} lacks the patch's lines (${hunk.purpose}); see patches/README.md for what they give`,
      ).toEqual([]);
    },
  );
});

describe('the check of the patch', () => {
  it('reads every hunk, and finds a line missing', () => {
    const diff = [
      '+++ b/node_modules/x/dist/a.js',
      '@@ -1,2 +1,3 @@ function a() {',
      ' kept();',
      '+  // Patched: says why.',
      '+  added();',
      '@@ -9,1 +10,2 @@ function b() {',
      '+  other();',
    ].join('\n');
    expect(hunksOf(diff)).toEqual([
      {
        file: 'node_modules/x/dist/a.js',
        header: '@@ -1,2 +1,3 @@ function a() {',
        purpose: '// Patched: says why.',
        added: ['// Patched: says why.', 'added();'],
      },
      {
        file: 'node_modules/x/dist/a.js',
        header: '@@ -9,1 +10,2 @@ function b() {',
        purpose: 'function b() {',
        added: ['other();'],
      },
    ]);
  });
});
