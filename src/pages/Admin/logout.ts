/**
 * POST /Admin/logout: where Sign out and Sign out everywhere post, running the sign-out action
 * (src/actions/account.ts); then on to the sign-in page. Nothing else is answered here.
 */
import type { APIRoute } from 'astro';
import { actions } from 'astro:actions';

export const prerender = false;

export const ALL: APIRoute = ({ request, getActionResult, redirect }) => {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } });
  const signedOut = getActionResult(actions.admin.account.signOut);
  if (signedOut?.data) return redirect(signedOut.data.next, 303);
  const status = signedOut?.error?.status ?? 400;
  return new Response(signedOut?.error?.message ?? 'Please sign out with the Sign out button.', { status });
};
