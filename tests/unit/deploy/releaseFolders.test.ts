import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StatusFile } from '../../../src/deploy/statusFile.ts';
import { downloadsDir, releaseDir, releasesDir, removeReleasesExcept } from '../../../src/deploy/releaseFolders.ts';

const hash = (n: number) => n.toString(16).padStart(2, '0').repeat(20);
const release = (n: number) => ({ commit: hash(n), subject: `Change ${n}`, builtAt: '2026-11-28T08:00:00.000Z' });

describe("the deploy's folders", () => {
  it('keep only the releases the status keeps: a dropped one, a half-unpacked one and a stray download go', () => {
    const deployDir = mkdtempSync(path.join(tmpdir(), 'isa-folders-'));
    const status = new StatusFile(deployDir, () => undefined);
    for (const n of [1, 2, 3]) {
      mkdirSync(releaseDir(deployDir, hash(n)), { recursive: true });
      status.setLive(release(n));
      status.addRelease(release(n), 2);
    }
    mkdirSync(`${releaseDir(deployDir, hash(4))}.partial`);
    mkdirSync(downloadsDir(deployDir));
    writeFileSync(path.join(downloadsDir(deployDir), `isa-site-${hash(5)}.tar.gz.part`), 'half');
    writeFileSync(path.join(downloadsDir(deployDir), `isa-site-${hash(3)}.tar.gz`), 'kept');
    // As the deploy sweeps after each attempt (deployer.ts, #removeOrphans): what the status keeps stays.
    removeReleasesExcept(deployDir, new Set(status.status.releases.map((each) => each.commit)));
    expect(readdirSync(releasesDir(deployDir)).sort()).toEqual([hash(2), hash(3)]);
    expect(readdirSync(downloadsDir(deployDir))).toEqual([`isa-site-${hash(3)}.tar.gz`]);
    expect(existsSync(releaseDir(deployDir, hash(1)))).toBe(false);
  });
});
