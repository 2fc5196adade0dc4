/**
 * A copy of the project in a temporary folder (node_modules linked, not copied), for tests that let
 * the content editor write files: they edit the copy, never the repository's own content/. It can
 * run `astro dev` (the editor in local mode), `npm run check:content` and a build of the copy.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HOST, printed } from './ownServer.ts';

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

/** The copy's Astro config: the project's, with Vite allowed to serve the linked node_modules. */
const SCRATCH_CONFIG = 'astro.scratch.mjs';

export interface ScratchProject {
  dir: string;
  url: string;
  read(relative: string): string;
  /** Runs a script of package.json in the copy; its exit code and output. */
  run(script: string): { status: number | null; output: string };
  /** Builds the copy (`astro build`); its exit code and output. */
  build(): { status: number | null; output: string };
  stop(): void;
}

/** Copies the project and starts `astro dev` on `port` in the copy. */
export async function startScratchProject(port: number): Promise<ScratchProject> {
  const dir = mkdtempSync(path.join(tmpdir(), 'isa-content-editor-'));
  for (const entry of COPIED) cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  // Vite serves files from the project's folder only; the linked node_modules are elsewhere.
  writeFileSync(
    path.join(dir, SCRATCH_CONFIG),
    [
      "import config from './astro.config.mjs';",
      `const allow = ${JSON.stringify([dir, path.join(root, 'node_modules')])};`,
      'export default { ...config, vite: { ...config.vite, server: { fs: { allow } } } };',
      '',
    ].join('\n'),
  );
  const server: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/astro/bin/astro.mjs'),
      'dev',
      '--config',
      SCRATCH_CONFIG,
      '--port',
      String(port),
      '--host',
      HOST,
    ],
    { cwd: dir, env: { ...process.env, PUBLIC_KEYSTATIC_GITHUB_REPO: '' } },
  );
  const output: string[] = [];
  server.stdout.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  server.stderr.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  await Promise.race([
    printed(server, output, /watching for file changes/),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`astro dev: no start in 90 s\n${output.join('')}`)), 90_000),
    ),
  ]).catch((error: unknown) => {
    stop();
    throw error;
  });
  return {
    dir,
    url: `http://${HOST}:${port}`,
    read: (relative) => readFileSync(path.join(dir, relative), 'utf8'),
    run: (script) => {
      const result = spawnSync(process.execPath, [`scripts/${script}`], { cwd: dir, encoding: 'utf8' });
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    },
    build: () => {
      const result = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, PUBLIC_KEYSTATIC_GITHUB_REPO: '' },
      });
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    },
    stop,
  };
}
