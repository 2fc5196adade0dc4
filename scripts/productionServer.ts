/**
 * Starts the production server for the measuring tools (`npm run budget`, `npm run bench`) the
 * way `npm start` does: `node scripts/start.ts`, which builds first when the build is missing or
 * older than its sources, with a fresh temporary DATA_DIR (so the sample events). Its output
 * is shown until it is serving; after that its one-line-per-request log is read and dropped,
 * so that a load test does not fill the terminal.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Builds can take a few minutes on a small machine: up to 5 minutes of asking, twice a second. */
const READY_ATTEMPTS = 600;
const READY_INTERVAL_MS = 500;

export interface RunningServer {
  url: string;
  /** Its process id (the load bench reads the CPU time it spends). */
  pid?: number;
  /** Stops it with SIGTERM, as a process manager would, and waits for it to exit. */
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

export async function startProductionServer(port: number, tempPrefix: string): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  // Measuring someone else's server by mistake would be worse than not measuring at all.
  if (await answers(url))
    throw new Error(`Port ${port} is already in use; stop what listens there, or choose another port.`);
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), tempPrefix)),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let shown = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    if (shown.includes('Serving the site on')) return;
    process.stdout.write(chunk);
    shown += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (let attempt = 0; attempt < READY_ATTEMPTS; attempt++) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}; see the messages above.`);
    if (await answers(`${url}/healthz`)) return { url, pid: child.pid, stop };
    await new Promise((resolve) => setTimeout(resolve, READY_INTERVAL_MS));
  }
  await stop();
  throw new Error(`The server was not ready within ${(READY_ATTEMPTS * READY_INTERVAL_MS) / 1000} s`);
}
