/**
 * POST /Admin/logout: Sign out, ending the session on the server (the guard checked origin and
 * token); with `everywhere=1` (Sign out everywhere), every session of the account, on every device.
 */
import type { APIRoute } from 'astro';
import { clearSessionCookie, signedIn } from '../../server/admin/adminGuard.ts';
import { signInAddress } from '../../server/admin/returnPath.ts';
import { SESSION_COOKIE } from '../../server/admin/sessions.ts';

export const prerender = false;

export const ALL: APIRoute = ({ request, locals, cookies, url, redirect }) => {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } });
  const { services, session, form } = signedIn(locals);
  if (form.get('everywhere') === '1') {
    services.sessions.invalidateAllOf(session.userId);
    services.audit.record({ username: session.username, action: 'sign-out-everywhere' });
  } else {
    services.sessions.invalidate(cookies.get(SESSION_COOKIE)?.value);
    services.audit.record({ username: session.username, action: 'sign-out' });
  }
  clearSessionCookie(cookies, url);
  return redirect(signInAddress('/Admin', 'signed-out'), 303);
};
