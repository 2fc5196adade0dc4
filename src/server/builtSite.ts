/**
 * Where the build a server runs lives. `npm run build` (scripts/build.ts) builds into a folder of
 * its own under builds/ and then points the `dist` link at it; a server resolves the link once, at
 * start, and serves that folder until it stops, whatever is built beside it. It marks the folder
 * as in use (a file named after its process under `.served-by/`), so that no later build removes a
 * folder a running server still reads.
 */
import { mkdirSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The link to the build in place, in the project folder. */
export const DIST_LINK = 'dist';
/** The builds, each in a folder of its own. */
export const BUILDS_DIR = 'builds';
const SERVED_BY = '.served-by';

/** The folder the project's `dist` names now (the link resolved; a plain folder as it is). */
export function currentBuild(projectDir: string): string {
  return realpathSync(path.join(projectDir, DIST_LINK));
}

/** Marks `buildDir` as served by this process until it exits. */
export function markInUse(buildDir: string): void {
  const marker = path.join(buildDir, SERVED_BY, String(process.pid));
  try {
    mkdirSync(path.dirname(marker), { recursive: true });
    writeFileSync(marker, '');
    process.once('exit', () => rmSync(marker, { force: true }));
  } catch {
    // A read-only build (a container's) is never removed by a build beside it either.
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
};

/** Whether a running process serves `buildDir`. */
export function buildInUse(buildDir: string): boolean {
  try {
    return readdirSync(path.join(buildDir, SERVED_BY)).some((name) => /^\d+$/.test(name) && alive(Number(name)));
  } catch {
    return false;
  }
}
