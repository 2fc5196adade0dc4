/**
 * A copy of the project in a temporary folder (node_modules linked, not copied), for tests that let
 * the content editor write files: they edit the copy, never the repository's own content/. It runs
 * `astro dev` (the editor in local mode) on a port free at the time, `npm run check:content`, and a
 * build of the copy's pages without the build steps the check does not need.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HOST, freePort, printed } from './ownServer.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** What a build and the check need; the rest of the repository (tests, docs, deploy) stays out. */
const COPIED = [
  'astro.config.mjs',
  'keystatic.config.ts',
  'package.json',
  'tsconfig.json',
  'src',
  'content',
  'public',
  'scripts',
];

/** The copy's Astro config for `astro dev`: the project's, with Vite allowed to serve the linked node_modules. */
const DEV_CONFIG = 'astro.scratch-dev.mjs';
/**
 * The copy's Astro config for its build: the project's pages and content (with React), without the
 * editor's routes (the largest bundle, and answered 404 in local mode anyway), the search index, the
 * precompression and the server's image endpoint, which have their own tests.
 */
const BUILD_CONFIG = 'astro.scratch-build.mjs';
const BUILD_INTEGRATIONS = ['@astrojs/react'];

const ASTRO = path.join(root, 'node_modules/astro/bin/astro.mjs');
/** Local mode, whatever the environment says. */
const LOCAL_MODE = { PUBLIC_KEYSTATIC_GITHUB_REPO: '' };

export interface ScratchProject {
  dir: string;
  url: string;
  read(relative: string): string;
  /** Runs a script of package.json in the copy; its exit code and output. */
  run(script: string): { status: number | null; output: string };
  /** Builds the copy; its exit code and output. */
  build(): { status: number | null; output: string };
  /** Stops `astro dev` (its whole process group) and removes the copy. */
  stop(): Promise<void>;
}

function writeConfigs(dir: string) {
  // Vite serves files from the project's folder only; the linked node_modules are elsewhere.
  const allow = JSON.stringify([dir, path.join(root, 'node_modules')]);
  // A save writes content/; Vite would then reload the editor's page while a test goes on (or
  // while its browser context closes). The editor reads the files through its own API, so the
  // copy's content/ is left out of Vite's watch.
  const ignored = JSON.stringify([path.join(dir, 'content', '**')]);
  writeFileSync(
    path.join(dir, DEV_CONFIG),
    [
      "import config from './astro.config.mjs';",
      `const server = { fs: { allow: ${allow} }, watch: { ignored: ${ignored} } };`,
      // Vite's prepared packages in the copy's own folder: two copies running `astro dev` at once
      // would otherwise both write them into the linked node_modules/.vite, and one page never came.
      `const cacheDir = ${JSON.stringify(path.join(dir, '.vite'))};`,
      'export default { ...config, vite: { ...config.vite, cacheDir, server } };',
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, BUILD_CONFIG),
    [
      "import config from './astro.config.mjs';",
      `const kept = ${JSON.stringify(BUILD_INTEGRATIONS)};`,
      'export default { ...config, integrations: config.integrations.filter((entry) => kept.includes(entry.name)) };',
      '',
    ].join('\n'),
  );
}

/**
 * Copies the project and starts `astro dev` in the copy, in a process group of its own; in local
 * mode unless `env` names a GitHub repository; `ownOrigin` makes its address the public origin.
 */
export async function startScratchProject(
  options: { env?: Record<string, string>; ownOrigin?: boolean } = {},
): Promise<ScratchProject> {
  const dir = mkdtempSync(path.join(tmpdir(), 'isa-content-editor-'));
  for (const entry of COPIED) cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeConfigs(dir);
  const port = await freePort();
  const server: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [ASTRO, 'dev', '--config', DEV_CONFIG, '--port', String(port), '--host', HOST],
    {
      cwd: dir,
      detached: true,
      env: {
        ...process.env,
        ...LOCAL_MODE,
        ...options.env,
        // The public origin is the server's own, so that /Admin's form posts are its own site's.
        ...(options.ownOrigin ? { SITE_URL: `http://${HOST}:${port}` } : {}),
      },
    },
  );
  const output: string[] = [];
  server.stdout.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  server.stderr.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  // Vite's workers belong to the group: killing the group leaves nothing listening for a retry.
  const killGroup = () => {
    if (server.pid === undefined || server.exitCode !== null || server.signalCode !== null) return;
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // The group has already gone.
    }
  };
  const remove = () => rmSync(dir, { recursive: true, force: true });
  // A worker that ends before afterAll has run (a timeout) still leaves nothing behind.
  const atExit = () => {
    killGroup();
    remove();
  };
  process.once('exit', atExit);
  const stop = async () => {
    killGroup();
    await exited;
    process.off('exit', atExit);
    remove();
  };
  await Promise.race([
    printed(server, output, /watching for file changes/),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`astro dev: no start in 90 s\n${output.join('')}`)), 90_000),
    ),
  ]).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const spawned = (args: string[], env: Record<string, string> = {}) => {
    const result = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };
  return {
    dir,
    url: `http://${HOST}:${port}`,
    read: (relative) => readFileSync(path.join(dir, relative), 'utf8'),
    run: (script) => spawned([`scripts/${script}`]),
    build: () => spawned([ASTRO, 'build', '--config', BUILD_CONFIG], LOCAL_MODE),
    stop,
  };
}
