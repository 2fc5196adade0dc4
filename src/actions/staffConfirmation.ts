/**
 * The start of the staff pages that ask before they act (src/pages/Admin/staff/remove.astro and withdraw.astro,
 * owners only): what they answer instead of the page (403 for an editor, and, once the confirmed action has run,
 * the staff page saying what was done), or the signed-in locals with the action's refusal to show. (Here, beside
 * formRefusal, for the reason contactPage.ts gives.)
 */
import type { ActionError } from 'astro:actions';
import { signedIn } from '../server/admin/adminGuard.ts';
import { formRefusal } from './adminAction.ts';

interface StaffPage {
  locals: App.Locals;
  redirect(path: string, status: 303): Response;
}

export function staffConfirmation(
  page: StaffPage,
  result: { data?: unknown; error?: ActionError } | undefined,
  done: 'user-removed' | 'link-withdrawn',
) {
  const { services, session } = signedIn(page.locals);
  if (session.role !== 'owner') return new Response('Only an owner can manage staff accounts.', { status: 403 });
  // The action ran before the page: once it has, the account (or link) is gone.
  if (result?.data) return page.redirect(`/Admin/staff?done=${done}`, 303);
  return { services, session, error: result?.error ? formRefusal(result.error).message : '' };
}
