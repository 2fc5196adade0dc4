import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureReason, lockHashOf, readRelease, RELEASE_FILE } from '../../../src/deploy/releaseBuild.ts';

const CHECK_OUTPUT = `
> isa-tamilnadu-site@1.0.0 check:content
> node scripts/check-content.ts

There is a mistake in the site content:
  - content/state-bearers.yaml, line 8, bearer 1 (“Dr. A”): "phone1": expected a phone number
Fix the lines above, save, and run "npm run check:content" again.
npm error Lifecycle script \`check:content\` failed with error:
npm error code 1
`;

const BUILD_OUTPUT = `\u001b[2m08:19:20\u001b[22m \u001b[34m[vite]\u001b[39m building...\r
08:19:21 [build] Collecting build info...
\u001b[31m[ERROR]\u001b[39m [vite] Expression expected\r
  astro.config.mjs:91:22
npm error code 1`;

describe('the reason of a failed step', () => {
  it.each<[string, string, string]>([
    [
      'the content check: its mistakes, without npm lines',
      CHECK_OUTPUT,
      'There is a mistake in the site content:\n  - content/state-bearers.yaml, line 8, bearer 1 (“Dr. A”): "phone1": expected a phone number\nFix the lines above, save, and run "npm run check:content" again.',
    ],
    [
      'the build: from its first error, without colours',
      BUILD_OUTPUT,
      '[ERROR] [vite] Expression expected\n  astro.config.mjs:91:22',
    ],
    ['no error line: the last lines', 'one\ntwo\n', 'one\ntwo'],
    ['nothing at all', '', 'it stopped without saying why'],
  ])('%s', (_case, output, reason) => {
    expect(failureReason(output)).toBe(reason);
  });

  it('keeps at most 12 lines', () => {
    const many = Array.from({ length: 40 }, (_, n) => `error ${n}`).join('\n');
    expect(failureReason(many).split('\n')).toHaveLength(12);
  });
});

describe('a release folder', () => {
  const dir = (name: string) => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'isa-release-')), name);
    mkdirSync(folder);
    return folder;
  };
  const commit = 'a'.repeat(40);
  const record = { commit, subject: 'A change', builtAt: '2026-11-26T08:00:00.000Z', lockHash: 'h' };

  it.each<[string, string, unknown]>([
    ['without release.json (a build that did not finish)', commit, undefined],
    ['whose release.json names another commit', 'b'.repeat(40), record],
    ['whose release.json is not whole', commit, { commit }],
  ])('is not a release %s', (_case, name, content) => {
    const folder = dir(name);
    if (content !== undefined) writeFileSync(path.join(folder, RELEASE_FILE), JSON.stringify(content));
    expect(readRelease(folder)).toBeUndefined();
  });

  it('is a release with its release.json, and its lock file names its dependencies', () => {
    const folder = dir(commit);
    writeFileSync(path.join(folder, RELEASE_FILE), JSON.stringify(record));
    expect(readRelease(folder)).toEqual(record);
    expect(lockHashOf(folder)).toBeUndefined();
    writeFileSync(path.join(folder, 'package-lock.json'), '{}');
    const lockOnly = lockHashOf(folder);
    expect(lockOnly).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
    // A patch npm ci applies is part of what was installed: a changed patch means another install.
    mkdirSync(path.join(folder, 'patches'));
    writeFileSync(path.join(folder, 'patches', 'README.md'), 'why');
    expect(lockHashOf(folder)).toBe(lockOnly);
    writeFileSync(path.join(folder, 'patches', 'pkg+1.0.0.patch'), 'one');
    const patched = lockHashOf(folder);
    expect(patched).not.toBe(lockOnly);
    writeFileSync(path.join(folder, 'patches', 'pkg+1.0.0.patch'), 'two');
    expect(lockHashOf(folder)).not.toBe(patched);
  });
});
