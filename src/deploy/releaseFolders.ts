/**
 * The deploy's folders kept tidy (deployer.ts): the release folders it keeps (and where a new release's
 * dependencies can come from), none it no longer needs, and the logs of the latest attempts only.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DeployJournal, Release } from './journal.ts';
import { lockHashOf, readRelease, releaseDir, releasesDir } from './releaseBuild.ts';

/** Attempts' logs kept in DEPLOY_DIR/logs. */
const KEPT_LOGS = 30;

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Where a release's dependencies can come from: the kept releases, then the deploy's own folder. */
export function dependencySources(
  deployDir: string,
  kept: readonly Pick<Release, 'commit' | 'lockHash'>[],
  projectDir: string,
): { dir: string; lockHash: string }[] {
  const own = lockHashOf(projectDir);
  return [
    ...kept.map((release) => ({ dir: releaseDir(deployDir, release.commit), lockHash: release.lockHash })),
    ...(own ? [{ dir: projectDir, lockHash: own }] : []),
  ];
}

/** Removes every release folder but those of the commits in `kept`. */
export function removeReleasesExcept(deployDir: string, kept: ReadonlySet<string>): void {
  const dir = releasesDir(deployDir);
  for (const name of readdirSafe(dir)) {
    if (!kept.has(name)) rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/** Kept releases whose folder is not whole any more are forgotten. */
export function forgetBrokenReleases(deployDir: string, journal: DeployJournal): void {
  for (const release of journal.status.releases) {
    if (!readRelease(releaseDir(deployDir, release.commit))) journal.forget(release.commit);
  }
}

/** Only the latest KEPT_LOGS attempts' logs stay in DEPLOY_DIR/logs. */
export function pruneLogs(deployDir: string): void {
  const dir = path.join(deployDir, 'logs');
  const logs = readdirSafe(dir)
    .map((name) => ({ name, time: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const old of logs.slice(KEPT_LOGS)) rmSync(path.join(dir, old.name), { force: true });
}
