/**
 * The admin islands' JSON requests: every answer is told apart as saved, signed out
 * (401: the session ended; what was typed stays in the page and the browser) or failed (the
 * connection or the server), so the office is never told "try again" when the answer is "sign in".
 */
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

async function errorOf(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => undefined);
  const error = typeof body === 'object' && body !== null ? Reflect.get(body, 'error') : undefined;
  return typeof error === 'string' ? error : undefined;
}

/** POSTs `body` (as JSON, when given) with the page's CSRF token. */
export async function postToAdmin(url: string, csrfToken: string, body?: unknown): Promise<AdminAnswer> {
  const headers: Record<string, string> = { 'X-CSRF-Token': csrfToken, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return {
      outcome: 'failed',
      message: 'The connection failed: nothing was lost. Check the connection and try again.',
    };
  }
  if (response.ok) return { outcome: 'ok', body: await response.json().catch(() => undefined) };
  if (response.status === 401) return { outcome: 'signed-out', message: SIGNED_OUT_MESSAGE };
  const error = await errorOf(response);
  if (response.status === 404) return { outcome: 'gone', message: error ?? 'It was removed meanwhile.' };
  return {
    outcome: 'failed',
    message: error ?? `The server could not do it just now (${response.status}). Please try again in a moment.`,
  };
}
