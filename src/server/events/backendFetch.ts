/**
 * Every request the site makes to the society's backend (the events list, an event's photo list,
 * a photo; in backend mode and in the importer) goes through `fetchFromBackend`: a redirect is
 * followed only when it stays on the origin of the configured EVENTS_API_URL (its scheme, host
 * and port), at most MAX_REDIRECTS times. A redirect anywhere else (another host or port, a
 * loopback, link-local or private address, another scheme) is refused with a BackendRedirectError
 * naming the address, before anything is sent there: a backend, or whoever answers in its name,
 * cannot make the server call a service on its own network (server-side request forgery, OWASP
 * SSRF Prevention Cheat Sheet). Staying on the configured origin is stricter than refusing private
 * addresses: it never reaches an address the configured URL does not name already.
 *
 * `readJsonAnswer` reads an answer's JSON with a size cap (readBody.ts): beyond it the rest is
 * not read, so a huge answer costs the server no memory.
 */
import { BodyTooLargeError, readLimitedBytes } from '../http/readBody.ts';

/** Same-origin redirects followed in a row (http to https is another origin, and refused). */
const MAX_REDIRECTS = 3;

/** The largest events list or photo list the site reads from the backend, by default (4 MB). */
export const DEFAULT_MAX_ANSWER_BYTES = 4 * 1024 * 1024;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The backend answered with a redirect the site does not follow. */
class BackendRedirectError extends Error {
  override name = 'BackendRedirectError';
}

/** The backend sent more than the site reads. */
class BackendAnswerTooLargeError extends Error {
  override name = 'BackendAnswerTooLargeError';
}

/**
 * `url` fetched with `init`, following redirects only within `origin` (the configured backend's).
 * A 307 or 308 repeats the method and body; a 301, 302 or 303 becomes a GET, as browsers do.
 */
export async function fetchFromBackend(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
  origin: string,
): Promise<Response> {
  let target = new URL(url);
  let options: RequestInit = init;
  for (let hop = 0; ; hop += 1) {
    const response = await fetcher(target, { ...options, redirect: 'manual' });
    if (!REDIRECTS.has(response.status)) return response;
    await response.body?.cancel();
    const location = response.headers.get('location');
    let next: URL;
    try {
      if (!location) throw new Error('no Location');
      next = new URL(location, target);
    } catch {
      throw new BackendRedirectError(`the events backend answered ${response.status} without a usable address`);
    }
    if (next.origin !== origin) {
      throw new BackendRedirectError(
        `the events backend redirected to ${next.href}, outside its own address ${origin}; redirects elsewhere are refused`,
      );
    }
    if (hop >= MAX_REDIRECTS) {
      throw new BackendRedirectError(`the events backend redirected more than ${MAX_REDIRECTS} times`);
    }
    if (response.status !== 307 && response.status !== 308) {
      options = { ...options, method: 'GET', body: null };
    }
    target = next;
  }
}

/** The JSON of `response`, refusing (unread) more than `maxBytes`. */
export async function readJsonAnswer(response: Response, maxBytes: number, endpoint: string): Promise<unknown> {
  let bytes: Uint8Array;
  try {
    bytes = await readLimitedBytes(response, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new BackendAnswerTooLargeError(
        `${endpoint} sent more than ${maxBytes} bytes, which the site does not read`,
      );
    }
    throw error;
  }
  return JSON.parse(new TextDecoder().decode(bytes));
}
