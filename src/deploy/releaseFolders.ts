/**
 * The deploy's folders, kept tidy (deployer.ts): DEPLOY_DIR/releases/<commit>, one whole release
 * each (src/artifact/archive.ts), and DEPLOY_DIR/downloads, the artifact being fetched. Only the
 * releases kept for a rollback, the live one and the one being prepared stay; anything else,
 * an interrupted unpack's `.partial` among them, is removed.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

export const releasesDir = (deployDir: string) => path.join(deployDir, 'releases');
export const releaseDir = (deployDir: string, commit: string) => path.join(releasesDir(deployDir), commit);
export const downloadsDir = (deployDir: string) => path.join(deployDir, 'downloads');

/** Removes every release folder (and download) but those of the commits in `kept`. */
export function removeReleasesExcept(deployDir: string, kept: ReadonlySet<string>): void {
  for (const dir of [releasesDir(deployDir), downloadsDir(deployDir)]) {
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      if (![...kept].some((commit) => name === commit || name.includes(commit))) {
        rmSync(path.join(dir, name), { recursive: true, force: true });
      }
    }
  }
}
