/**
 * A new link for a link not yet used (Staff, "New link"): the same invitation or reset made again
 * (the earlier link stops working), so leaving the page that showed a link never loses the only
 * way in. The checks and the audit row are those of making it the first time (staffService.ts).
 */
import type { AdminServices } from './adminServices.ts';
import type { AdminSession } from './sessions.ts';
import type { LinkMailer } from './linkMail.ts';
import { inviteColleague, resetColleague, type StaffOutcome } from './staffService.ts';

type Services = Pick<AdminServices, 'users' | 'links' | 'sessions' | 'throttle' | 'audit' | 'publicOrigin'>;

export async function renewLink(
  services: Services,
  session: AdminSession,
  id: number,
  mailer?: LinkMailer,
): Promise<StaffOutcome> {
  if (session.role !== 'owner') return { ok: false, error: 'Only an owner can manage staff accounts.' };
  const link = services.links.findPending(id);
  if (!link) return { ok: false, error: 'That link was used, has expired or was withdrawn already.' };
  if (link.kind === 'invitation') {
    return inviteColleague(services, session, { username: link.username, role: link.role, email: link.email }, mailer);
  }
  return resetColleague(services, session, link.username, mailer);
}
