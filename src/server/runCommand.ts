/**
 * The deploy's commands (git, npm, tar), each in a process group of its own so that a cancelled
 * build (a newer commit arrived) or one past its time stops whole, with everything it started.
 * Their output goes to the attempt's log file and is kept, for the reason shown when a step fails.
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

export interface CommandOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Stops the command (its whole process group) when aborted. */
  signal?: AbortSignal | undefined;
  /** Stops it after this long. */
  timeoutMs: number;
  /** Where its output is appended, with the command line first. */
  logFile?: string | undefined;
  /** Bytes written to its standard input. */
  input?: Buffer | string | undefined;
}

export interface CommandResult {
  /** 0 for success; null when it was stopped. */
  code: number | null;
  /** What it printed (standard output and error), at most the last 256 KiB. */
  output: string;
  /** Why it was stopped, if it was. */
  stopped?: 'cancelled' | 'timeout' | undefined;
}

const KEPT_OUTPUT = 256 * 1024;
/** Time between SIGTERM and SIGKILL for a stopped command's group. */
const KILL_GRACE_MS = 5000;

export function runCommand(command: string, args: string[], options: CommandOptions): Promise<CommandResult> {
  const { logFile } = options;
  if (logFile) appendFileSync(logFile, `\n$ ${[command, ...args].join(' ')}\n`);
  return new Promise((resolve) => {
    let output = '';
    let stopped: CommandResult['stopped'];
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true, // Its own process group: stopping it stops what it started.
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-KEPT_OUTPUT);
      if (logFile) appendFileSync(logFile, chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    if (options.input !== undefined) child.stdin?.end(options.input);
    const stopGroup = (why: NonNullable<CommandResult['stopped']>) => {
      stopped ??= why;
      const group = child.pid;
      if (group === undefined || child.exitCode !== null) return;
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-group, name);
        } catch {
          // Already gone.
        }
      };
      signal('SIGTERM');
      setTimeout(() => signal('SIGKILL'), KILL_GRACE_MS).unref();
    };
    const timer = setTimeout(() => stopGroup('timeout'), options.timeoutMs);
    const onAbort = () => stopGroup('cancelled');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    let finished = false;
    const finish = (code: number | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (logFile && stopped) appendFileSync(logFile, `(stopped: ${stopped})\n`);
      resolve({ code: stopped ? null : code, output, stopped });
    };
    child.once('error', (error) => {
      keep(Buffer.from(`${error.message}\n`));
      finish(127);
    });
    child.once('close', (code) => finish(code));
  });
}
