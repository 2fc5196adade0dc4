/**
 * Starting a helper process for the measuring tools (the production server, Chromium for
 * Lighthouse, the bare replay server) and stopping it again: spawn it, poll until it is ready,
 * and give back a stop() that sends SIGTERM, waits for the exit and cleans up after it.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';

export interface StartedProcess {
  child: ChildProcess;
  /** Stops it with SIGTERM, as a process manager would, waits for it to exit, then cleans up. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** What it is, for error messages: "The server", "Chromium". */
  what: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
  /** Called once it is spawned, before it is ready (to read its output). */
  onSpawn?: (child: ChildProcess) => void;
  /** Resolves true once the process serves; errors count as "not yet". */
  ready: () => Promise<boolean>;
  /** How often and how long to ask. */
  intervalMs: number;
  attempts: number;
  /** Runs after it has exited (temporary folders). */
  cleanUp?: () => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startProcess(command: string, args: string[], options: StartOptions): Promise<StartedProcess> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: options.stdio ?? 'ignore',
  });
  options.onSpawn?.(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    options.cleanUp?.();
  };
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (child.exitCode !== null) {
      options.cleanUp?.();
      throw new Error(`${options.what} exited with ${child.exitCode}; see the messages above.`);
    }
    if (await options.ready().catch(() => false)) return { child, stop };
    await wait(options.intervalMs);
  }
  await stop();
  throw new Error(`${options.what} was not ready within ${(options.attempts * options.intervalMs) / 1000} s`);
}
