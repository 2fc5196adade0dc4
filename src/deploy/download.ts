/**
 * Downloads that a network hiccup does not end, through undici's RetryAgent: a try that fails (a 5xx
 * or 429 answer, a connection that drops or stalls) is made again after 1, 2, 4, 8 s, and one that
 * broke off midway is taken up where it stopped (a Range request, RFC 9110 section 14), within the
 * same download. A server that then ignores the Range fails the download, and the next look starts it
 * over. A NetworkError is the network's fault, never the release's: the deploy goes on trying.
 */
import { createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, fetch, RetryAgent } from 'undici';
import { messageOf } from '../server/backup/backupError.ts';

export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** Waits between tries, in seconds (five tries in 15 s). */
const BACKOFF_SECONDS = [1, 2, 4, 8];
/** Time without a byte after which a try counts as broken off. */
const STALL_MS = 60_000;

/** Whether `error` is this machine's (its disk full, a folder it may not write), not the network's. */
export function isMachineError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EACCES' || code === 'EROFS' || code === 'EIO';
}

/**
 * GETs `url` into `target.file` (its `size` announced), trying again on network trouble; throws a
 * NetworkError when every try failed. The file appears only once whole.
 */
export async function downloadTo(
  url: string,
  headers: Record<string, string>,
  target: { file: string; size: number },
  signal: AbortSignal,
  pauses: readonly number[] = BACKOFF_SECONDS,
): Promise<void> {
  const dispatcher = new RetryAgent(new Agent({ headersTimeout: STALL_MS, bodyTimeout: STALL_MS }), {
    maxRetries: pauses.length,
    minTimeout: (pauses[0] ?? 1) * 1000,
    maxTimeout: (pauses.at(-1) ?? 1) * 1000,
    timeoutFactor: 2,
    throwOnError: false, // The last answer of a server that kept failing is given, to be said.
  });
  const part = `${target.file}.part`;
  try {
    const response = await fetch(url, {
      headers: { ...headers, Accept: 'application/octet-stream' },
      signal,
      dispatcher,
    });
    if (!response.ok || !response.body) throw new NetworkError(`it answered ${response.status}`);
    await pipeline(Readable.fromWeb(response.body), createWriteStream(part, { mode: 0o600 }));
    const got = statSync(part).size;
    if (got !== target.size) throw new NetworkError(`it came to ${got} bytes where ${target.size} were announced`);
    renameSync(part, target.file);
  } catch (error) {
    rmSync(part, { force: true });
    if (error instanceof NetworkError || signal.aborted || isMachineError(error)) throw error;
    throw new NetworkError(messageOf(error instanceof Error && error.cause instanceof Error ? error.cause : error));
  } finally {
    void dispatcher.close();
  }
}
