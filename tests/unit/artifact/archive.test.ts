/** A downloaded artifact made into a release folder (src/artifact/archive.ts): nothing it says is trusted. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create } from 'tar';
import { describe, expect, it } from 'vitest';
import { BadArtifact, readManifest, readRelease, unpack } from '../../../src/artifact/archive.ts';
import { digestOf } from '../../../src/lib/fileDigest.ts';
import type { Manifest } from '../../../src/artifact/manifest.ts';

const COMMIT = 'c'.repeat(40);
const MANIFEST: Manifest = {
  protocol: 2,
  commit: COMMIT,
  subject: 'A change',
  builtAt: '2026-11-28T10:00:00.000Z',
  lockHash: 'a'.repeat(64),
  node: 'v24.21.0',
  platform: 'linux-x64-glibc',
  site: 'https://isa.example.org/',
};

const temporary = () => mkdtempSync(path.join(tmpdir(), 'isa-artifact-'));

/** An artifact of the files `make` writes into a folder (with release.json unless it writes its own). */
async function artifact(make: (dir: string) => void, entries?: string[]): Promise<string> {
  const outer = temporary();
  const dir = path.join(outer, 'base');
  mkdirSync(dir);
  writeFileSync(path.join(outer, 'outside.txt'), 'out');
  writeFileSync(path.join(dir, 'release.json'), JSON.stringify(MANIFEST));
  mkdirSync(path.join(dir, 'dist'));
  writeFileSync(path.join(dir, 'dist/index.html'), '<h1>Home</h1>');
  make(dir);
  const file = path.join(temporary(), `isa-site-${COMMIT}.tar.gz`);
  await create(
    { file, cwd: dir, gzip: true, portable: true, preservePaths: true },
    entries ?? ['release.json', 'dist'],
  );
  return file;
}

describe('an artifact', () => {
  it('gives its SHA-256', async () => {
    const file = path.join(temporary(), 'x');
    writeFileSync(file, 'abc');
    expect(await digestOf(file)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is unpacked whole into the folder named after its commit, its manifest read first', async () => {
    const file = await artifact(() => undefined);
    expect(await readManifest(file)).toEqual(MANIFEST);
    const dir = path.join(temporary(), COMMIT);
    await unpack(file, dir);
    expect(readFileSync(path.join(dir, 'dist/index.html'), 'utf8')).toBe('<h1>Home</h1>');
    expect(readRelease(dir)).toEqual(MANIFEST);
    expect(existsSync(`${dir}.partial`)).toBe(false);
    expect(readRelease(path.join(path.dirname(dir), 'd'.repeat(40)))).toBeUndefined();
  });

  it.each<[string, (dir: string) => void]>([
    ['no manifest', (dir) => writeFileSync(path.join(dir, 'release.json'), '')],
    ['a manifest that is not JSON', (dir) => writeFileSync(path.join(dir, 'release.json'), '{ half')],
    [
      'a manifest of another shape',
      (dir) => writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ ...MANIFEST, commit: 'HEAD' })),
    ],
  ])('with %s is refused', async (_case, make) => {
    await expect(readManifest(await artifact(make))).rejects.toThrow(BadArtifact);
  });

  it('that is not an archive is refused', async () => {
    const file = path.join(temporary(), 'x.tar.gz');
    writeFileSync(file, Buffer.from('not gzip at all, just words'));
    await expect(readManifest(file)).rejects.toThrow(/it is not a readable archive|it has no release.json/);
    await expect(unpack(file, path.join(temporary(), COMMIT))).rejects.toThrow(BadArtifact);
  });

  it.each<[string, (dir: string) => void, string[] | undefined, RegExp]>([
    [
      'a symbolic link',
      (dir) => symlinkSync('/etc/passwd', path.join(dir, 'dist/passwd')),
      undefined,
      /it holds dist\/passwd, a SymbolicLink/,
    ],
    [
      'a path that leaves the folder',
      (dir) => {
        mkdirSync(path.join(dir, 'inner'));
        writeFileSync(path.join(dir, 'escaped.txt'), 'out');
      },
      ['release.json', 'dist', 'inner/../escaped.txt', '../outside.txt'],
      /could not be unpacked|escaped/,
    ],
  ])('holding %s is refused, and leaves nothing', async (_case, make, entries, says) => {
    const file = await artifact(make, entries);
    const parent = temporary();
    const dir = path.join(parent, COMMIT);
    await expect(unpack(file, dir)).rejects.toThrow(says);
    await expect(unpack(file, dir)).rejects.toBeInstanceOf(BadArtifact);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(`${dir}.partial`)).toBe(false);
    expect(existsSync(path.join(parent, 'outside.txt'))).toBe(false);
  });
});
