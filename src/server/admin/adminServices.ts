/**
 * The events admin's services, made once per process on the site's one SQLite connection
 * (src/server/services.ts) and reached by the admin pages through getServices(). Absent when
 * events come from the society's backend (EVENTS_API_URL): there is nothing to edit here then.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { DiskCache } from '../diskCache.ts';
import { OfficeMessages } from '../contact/officeMessages.ts';
import { EventWriter } from '../events/eventWriter.ts';
import { AuditLog } from './auditLog.ts';
import { LoginThrottle } from './loginThrottle.ts';
import { OneTimeLinks } from './oneTimeLinks.ts';
import { Sessions } from './sessions.ts';
import type { LinkMailer } from './staffActions.ts';
import { AdminUsers } from './users.ts';

export interface AdminServices {
  readonly users: AdminUsers;
  readonly sessions: Sessions;
  readonly throttle: LoginThrottle;
  readonly audit: AuditLog;
  readonly events: EventWriter;
  /** The contact messages as the office reads them (/Admin/messages). */
  readonly messages: OfficeMessages;
  /** One-time links: invitations and password resets (/Admin/staff). */
  readonly links: OneTimeLinks;
  /** E-mails one-time links, when SMTP is set up. */
  readonly mailer: LinkMailer | undefined;
}

/**
 * `photoCache`: the process's cache of resized photos, whose copies of a deleted photo go with it.
 * `mailsMessages`: whether contact messages are e-mailed (SMTP is set up); `mailer`: how one-time
 * links are e-mailed then.
 */
export function createAdminServices(
  database: DatabaseSync,
  dataDir: string,
  photoCache?: DiskCache,
  { mailsMessages = false, mailer }: { mailsMessages?: boolean; mailer?: LinkMailer | undefined } = {},
): AdminServices {
  return {
    users: new AdminUsers(database),
    sessions: new Sessions(database),
    throttle: new LoginThrottle(database),
    audit: new AuditLog(database),
    events: new EventWriter(database, { dataDir, photoCache }),
    messages: new OfficeMessages(database, { mailsMessages }),
    links: new OneTimeLinks(database),
    mailer,
  };
}
