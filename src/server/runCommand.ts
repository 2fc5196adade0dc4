/**
 * Runs a command of the server's settings (BACKUP_COMMAND: backup/backupSchedule.ts) in a process group of
 * its own, so that one past its time stops whole, with everything it started (an rsync's ssh, say). Its
 * output is kept, for the reason shown when it fails.
 */
import { spawn } from 'node:child_process';

export interface CommandOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Stops it (its whole process group) after this long. */
  timeoutMs: number;
}

export interface CommandResult {
  /** 0 for success; null when it was stopped. */
  code: number | null;
  /** What it printed (standard output and error), at most the last 256 KiB. */
  output: string;
  /** Set when it was stopped past its time. */
  stopped?: 'timeout' | undefined;
}

const KEPT_OUTPUT = 256 * 1024;
/** Time between SIGTERM and SIGKILL for a stopped command's group. */
const KILL_GRACE_MS = 5000;

export function runCommand(command: string, args: string[], options: CommandOptions): Promise<CommandResult> {
  return new Promise((resolve) => {
    let output = '';
    let stopped: CommandResult['stopped'];
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true, // Its own process group: stopping it stops what it started.
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-KEPT_OUTPUT);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const signalGroup = (name: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, name);
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      stopped = 'timeout';
      signalGroup('SIGTERM');
      setTimeout(() => signalGroup('SIGKILL'), KILL_GRACE_MS).unref();
    }, options.timeoutMs);
    let finished = false;
    const finish = (code: number | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      resolve({ code: stopped ? null : code, output, stopped });
    };
    child.once('error', (error) => {
      keep(Buffer.from(`${error.message}\n`));
      finish(127);
    });
    child.once('close', (code) => finish(code));
  });
}
