/**
 * A build beside a running server (`npm run build` in the folder of a running `npm start`, as an
 * office trial did to see a bearer change) breaks no page: the build goes into a folder of its own
 * and is put in place whole (scripts/build.ts), and the running server keeps serving the build it
 * started with, all of it, on-demand pages first asked for after the build included, until it is
 * started again, when it serves the new one. Runs in a copy of the project (node_modules linked).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startVisitorLoad } from '../../scripts/bench/visitorLoad.ts';
import { currentBuild } from '../../src/server/builtSite.ts';
import { copyProject, pageText } from './deployRig.ts';
import { freePort, HOST, printed } from './ownServer.ts';
import { seededDataDir } from './seededDataDir.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** On-demand pages no visitor of the load asks for (their code is first loaded after the build), and their status. */
const FIRST_ASKED_AFTER = { '/Admin/login': 200, '/Admin/forgot': 200, '/Events/2': 200, '/no-such-page': 404 };

function build(dir: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const run = spawn('npm', ['run', '-s', 'build'], { cwd: dir });
    let output = '';
    run.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    run.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    run.once('close', (status) => resolve({ status, output }));
  });
}

function startServer(dir: string, port: number, dataDir: string) {
  const server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: dir,
    env: { ...process.env, HOST, PORT: String(port), DATA_DIR: dataDir },
  });
  const output: string[] = [];
  server.stdout.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  server.stderr.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  return { server, output };
}

test('a build beside a running server answers no 5xx during or after it; a restart serves the new build', async () => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'isa-build-beside-'));
  const dataDir = seededDataDir(path.join(dir, 'data'));
  copyProject(dir);
  spawnSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
  for (const cache of ['.astro', '.vite'])
    rmSync(path.join(dir, 'node_modules', cache), { recursive: true, force: true });
  // The copy's first build is this project's (made by `npm run build` before the browser tests), in place
  // as scripts/build.ts puts one: a folder under builds/ and the dist link. It is newer than the sources.
  cpSync(currentBuild(root), path.join(dir, 'builds/first'), {
    recursive: true,
    preserveTimestamps: true,
    filter: (source) => !source.includes(`${path.sep}.served-by`),
  });
  symlinkSync('builds/first', path.join(dir, 'dist'));
  const now = new Date();
  utimesSync(path.join(dir, 'builds/first/server/entry.mjs'), now, now); // Newer than the sources, as just made.
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  let running = startServer(dir, port, dataDir);
  try {
    await printed(running.server, running.output, /Serving the site on/);
    expect(running.output.join('')).not.toContain('Building the site');
    const load = startVisitorLoad(url);
    // The office changes a bearer and builds, as in the trial.
    spawnSync('sed', ['-i', 's/Dr. Sample Kumar/Dr. Rebuilt Kumar/', path.join(dir, 'content/state-bearers.yaml')]);
    const rebuilt = await build(dir);
    expect(rebuilt.status, rebuilt.output).toBe(0);
    for (const [page, status] of Object.entries(FIRST_ASKED_AFTER)) {
      expect((await fetch(`${url}${page}`)).status, page).toBe(status);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const figures = await load.stop();
    console.info(`Visitors during the build: ${JSON.stringify(figures)}`);
    expect(figures.failures).toEqual({});
    expect(figures.requests).toBeGreaterThan(100);
    // Not a mix: the running server still serves the build it started with, and says a newer one is in place.
    expect(await pageText(`${url}/Office-Brearers`)).toContain('Dr. Sample Kumar');
    await printed(running.server, running.output, /A newer build is in place .*Restart it to serve the new one/);

    running.server.kill('SIGTERM');
    await new Promise((resolve) => running.server.once('exit', resolve));
    running = startServer(dir, port, dataDir);
    await printed(running.server, running.output, /Serving the site on/);
    expect(await pageText(`${url}/Office-Brearers`)).toContain('Dr. Rebuilt Kumar');
  } finally {
    running.server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
