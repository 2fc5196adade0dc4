/**
 * Downloads that a network hiccup does not end: each is tried again after 1, 2, 4, 8 s (a newer
 * release or the deploy's stop cuts the wait), and a file picks up where the last try broke off
 * (an HTTP Range request, RFC 9110 section 14; a server that answers 200 instead starts it over).
 * What is left unfinished stays in `<file>.part` for the next try, even the next poll's. A
 * NetworkError is the network's fault, never the release's: the deploy goes on trying.
 */
import { createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { setTimeout as wait } from 'node:timers/promises';
import { messageOf } from '../server/backup/backupError.ts';

export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** Waits between tries, in seconds (five tries in 15 s). */
const BACKOFF_SECONDS = [1, 2, 4, 8];
/** Time without a byte after which a download counts as broken off. */
const STALL_MS = 60_000;

const sizeOf = (file: string) => statSync(file, { throwIfNoEntry: false })?.size ?? 0;

/** Whether `error` is this machine's (its disk full, a folder it may not write), not the network's. */
export function isMachineError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EACCES' || code === 'EROFS' || code === 'EIO';
}

async function once(
  url: string,
  headers: Record<string, string>,
  target: { file: string; size: number },
  signal: AbortSignal,
): Promise<void> {
  const part = `${target.file}.part`;
  const have = sizeOf(part);
  const stalled = new AbortController();
  let timer = setTimeout(() => stalled.abort(), STALL_MS);
  try {
    const response = await fetch(url, {
      headers: { ...headers, Accept: 'application/octet-stream', ...(have > 0 && { Range: `bytes=${have}-` }) },
      signal: AbortSignal.any([signal, stalled.signal]),
    });
    if (response.status === 416) {
      rmSync(part, { force: true }); // What was kept is not a start of this file: start over.
      throw new NetworkError('the kept part did not fit the file; starting over');
    }
    if (!response.ok || !response.body) throw new NetworkError(`it answered ${response.status}`);
    const body = Readable.fromWeb(response.body as NodeReadableStream);
    body.on('data', () => {
      clearTimeout(timer);
      timer = setTimeout(() => stalled.abort(), STALL_MS);
    });
    const resumed = response.status === 206 && response.headers.get('content-range')?.startsWith(`bytes ${have}-`);
    await pipeline(body, createWriteStream(part, { flags: resumed ? 'a' : 'w', mode: 0o600 }));
    const got = sizeOf(part);
    if (got < target.size) throw new NetworkError(`it broke off at ${got} of ${target.size} bytes`);
    if (got > target.size) {
      rmSync(part, { force: true });
      throw new NetworkError(`it came to ${got} bytes where ${target.size} were announced; starting over`);
    }
    renameSync(part, target.file);
  } catch (error) {
    if (error instanceof NetworkError || signal.aborted || isMachineError(error)) throw error;
    throw new NetworkError(messageOf(error));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GETs `url` into `target.file` (its `size` announced), trying again on network trouble; throws a
 * NetworkError when every try failed.
 */
export async function downloadTo(
  url: string,
  headers: Record<string, string>,
  target: { file: string; size: number },
  signal: AbortSignal,
  pauses: readonly number[] = BACKOFF_SECONDS,
): Promise<void> {
  let last: NetworkError | undefined;
  for (const pause of [0, ...pauses]) {
    if (pause > 0) await wait(pause * 1000, undefined, { signal });
    try {
      return await once(url, headers, target, signal);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      last = error;
    }
  }
  throw last ?? new NetworkError('it could not be downloaded');
}
