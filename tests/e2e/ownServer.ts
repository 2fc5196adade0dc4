/**
 * A production server of a test's own (`node scripts/start.ts` from the build, on a free port,
 * with its own data folder), for tests that stop it, count what it holds or need settings of
 * their own.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededDataDir } from './seededDataDir.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const HOST = '127.0.0.1';

/** A port nothing listens on now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves once the server has printed a line matching `pattern`, on its standard output or error. */
export function printed(server: ChildProcessWithoutNullStreams, output: string[], pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pattern.test(output.join(''))) resolve();
    };
    server.stdout.on('data', check);
    server.stderr.on('data', check);
    server.once('exit', (code) =>
      reject(new Error(`The server exited (${code}) before printing ${pattern}:\n${output.join('').slice(-3000)}`)),
    );
    check();
  });
}

export interface OwnServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcessWithoutNullStreams;
  /** Everything it printed so far. */
  output: string[];
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
  /** Kills it if it still runs. */
  kill(): void;
}

/**
 * Starts a server with `env` added to the environment, and waits until it serves. Its data folder is
 * env.DATA_DIR, or a new one holding the sample events (empty if the settings want no sample events).
 */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  // The free port can be taken by another worker's process before this one listens on it: try another.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(env);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnce(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const withoutSamples = env['EVENTS_SAMPLE_DATA'] === 'off' || env['EVENTS_API_URL'] !== undefined;
  const dataDir =
    env['DATA_DIR'] ??
    (withoutSamples
      ? mkdtempSync(path.join(tmpdir(), 'isa-own-server-'))
      : seededDataDir(undefined, 'isa-own-server-'));
  const server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, HOST, PORT: String(port), DATA_DIR: dataDir, ...env },
  });
  const output: string[] = [];
  server.stdout.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  server.stderr.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const kill = () => {
    if (server.exitCode === null) server.kill('SIGKILL');
  };
  await Promise.race([
    printed(server, output, /Serving the site on/),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`No start within 60 s:\n${output.join('')}`)), 60_000),
    ),
  ]).catch((error: unknown) => {
    kill();
    throw error;
  });
  return {
    url: `http://${HOST}:${port}`,
    port,
    dataDir,
    process: server,
    output,
    exited,
    kill,
  };
}
