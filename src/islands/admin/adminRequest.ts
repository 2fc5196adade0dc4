/**
 * The admin islands' JSON requests, to the photo endpoints and to the admin actions they call: every answer is
 * told apart as saved, signed out (401: the session ended; what was typed stays in the page and the browser) or
 * failed (the connection or the server), so the office is never told "try again" when the answer is "sign in".
 */
import { parse } from 'devalue';
export type AdminAnswer =
  { outcome: 'ok'; body: unknown } | { outcome: 'signed-out' | 'failed' | 'gone'; message: string };

export const SIGNED_OUT_MESSAGE =
  'You are signed out: your session ended. Sign in again; what you typed is kept in this browser and saved once you are back.';

/**
 * The sign-in page's address that leads back to this page (the server checks it again), without
 * its query: "?done=" would say a save was made and let the form forget what it keeps.
 */
export function signInAgainHref(): string {
  const next = window.location.pathname;
  return `/Admin/login?${new URLSearchParams({ next, reason: 'expired' }).toString()}`;
}

/** The words of a refusal: an endpoint's `error`, or an action's `message` (not an input error's, for programmers). */
async function errorOf(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null) return undefined;
  const type: unknown = Reflect.get(body, 'type');
  const error: unknown = type === 'AstroActionError' ? Reflect.get(body, 'message') : Reflect.get(body, 'error');
  return typeof error === 'string' && error ? error : undefined;
}

const CONNECTION_FAILED = 'The connection failed: nothing was lost. Check the connection and try again.';

/** POSTs `body` (as JSON, when given) with the page's CSRF token; `keepalive`: the request outlives the page. */
async function post(url: string, csrfToken: string, body: unknown, keepalive: boolean): Promise<Response | undefined> {
  const headers: Record<string, string> = { 'X-CSRF-Token': csrfToken, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(url, {
      method: 'POST',
      headers,
      redirect: 'error',
      keepalive,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return undefined;
  }
}

/**
 * Calls the admin action whose form address is `action` ("?_action=admin.events.arrange") with `input`, as JSON,
 * on its admin page `page` (an admin action runs only from its page: src/middleware.ts answers it there as Astro
 * answers /_actions/, where the session cookie, for /Admin, never goes). Its data, or why not.
 */
export async function callAction(
  page: string,
  action: string,
  { input, csrfToken, keepalive = false }: { input: unknown; csrfToken: string; keepalive?: boolean },
): Promise<AdminAnswer> {
  const response = await post(`${page}${action}`, csrfToken, input, keepalive);
  if (!response) return { outcome: 'failed', message: CONNECTION_FAILED };
  if (!response.ok) return refusalOf(response);
  try {
    return { outcome: 'ok', body: parse(await response.text()) };
  } catch {
    return { outcome: 'failed', message: 'The answer could not be read: nothing was lost. Please try again.' };
  }
}

/** POSTs `body` (as JSON, when given) to the JSON endpoint `url` with the page's CSRF token. */
export async function postToAdmin(url: string, csrfToken: string, body?: unknown): Promise<AdminAnswer> {
  const response = await post(url, csrfToken, body, false);
  if (!response) return { outcome: 'failed', message: CONNECTION_FAILED };
  if (response.ok) return { outcome: 'ok', body: await response.json().catch(() => undefined) };
  return refusalOf(response);
}

/** A refused request in words: signed out, gone (404) or failed, with the server's message when it gave one. */
async function refusalOf(response: Response): Promise<AdminAnswer> {
  if (response.status === 401) return { outcome: 'signed-out', message: SIGNED_OUT_MESSAGE };
  const error = await errorOf(response);
  if (response.status === 404) return { outcome: 'gone', message: error ?? 'It was removed meanwhile.' };
  return {
    outcome: 'failed',
    message: error ?? 'The server could not do it just now: nothing was lost. Please try again in a moment.',
  };
}
