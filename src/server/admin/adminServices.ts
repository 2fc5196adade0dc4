/**
 * The admin's services, made once per process on the site's one SQLite connection
 * (src/server/services.ts) and reached by the admin pages through getServices(): accounts,
 * sessions, the sign-in lock, the audit log, the contact messages and the one-time links in both
 * modes; the event writer only where events are kept here. When they come from the society's
 * backend (EVENTS_API_URL) they are edited there: `events` is absent, and the guard answers 404
 * to the event pages and endpoints (adminGuard.ts).
 */
import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { DiskCache } from '../diskCache.ts';
import { OfficeMessages } from '../contact/officeMessages.ts';
import { EventWriter } from '../events/eventWriter.ts';
import { AuditLog } from './auditLog.ts';
import { DeviceCookies } from './deviceCookies.ts';
import { forgotPasswordLimiter } from './forgotPassword.ts';
import type { LinkMailer } from './linkMail.ts';
import { LoginThrottle } from './loginThrottle.ts';
import { OneTimeLinks } from './oneTimeLinks.ts';
import { PasswordBudget } from './passwordBudget.ts';
import { Sessions } from './sessions.ts';
import type { RateLimiter } from '../contact/rateLimiter.ts';
import { AdminUsers } from './users.ts';

export interface AdminServices {
  readonly users: AdminUsers;
  readonly sessions: Sessions;
  readonly throttle: LoginThrottle;
  /** Signs and checks the browsers' device cookies (the sign-in lock strangers cannot use). */
  readonly devices: DeviceCookies;
  /** How many password checks run and wait at once (sign-in, the current password). */
  readonly budget: PasswordBudget;
  readonly audit: AuditLog;
  /** Writes the events kept here; absent when events come from the society's backend. */
  readonly events: EventWriter | undefined;
  /** The contact messages as the office reads them (/Admin/messages). */
  readonly messages: OfficeMessages;
  /** One-time links: invitations and password resets (/Admin/staff). */
  readonly links: OneTimeLinks;
  /** Forgot your password's requests per network address (forgotPassword.ts). */
  readonly forgotLimit: RateLimiter;
  /** E-mails one-time links, when SMTP is set up. */
  readonly mailer: LinkMailer | undefined;
  /**
   * The site's public origin (SITE_URL's, or the listening address in development: settings.ts):
   * the links the admin mails or shows name it, and every change must come from it (adminGuard.ts).
   */
  readonly publicOrigin: string;
}

/** The admin's services where events are kept (and edited) here. */
export type EventAdminServices = AdminServices & { readonly events: EventWriter };

/** Whether events are edited in this admin (the embedded mode), not on the society's backend. */
export function editsEvents(services: AdminServices): services is EventAdminServices {
  return services.events !== undefined;
}

export interface OfficeOptions {
  /** The site's public origin (settings.ts: `http.publicOrigin`). */
  publicOrigin: string;
  /** Whether contact messages are e-mailed (SMTP is set up). */
  mailsMessages?: boolean;
  /** How one-time links are e-mailed then. */
  mailer?: LinkMailer | undefined;
  /** The key of device cookies (deviceCookieKey of the site's secret); a random one lasts as long as the process. */
  deviceKey?: Buffer | undefined;
}

/** The office's services without event editing: for events from the society's backend. */
export function createOfficeServices(
  database: DatabaseSync,
  { publicOrigin, mailsMessages = false, mailer, deviceKey = randomBytes(32) }: OfficeOptions,
): AdminServices {
  return {
    users: new AdminUsers(database),
    sessions: new Sessions(database),
    throttle: new LoginThrottle(database),
    devices: new DeviceCookies(deviceKey),
    budget: new PasswordBudget(),
    audit: new AuditLog(database),
    events: undefined,
    messages: new OfficeMessages(database, { mailsMessages }),
    links: new OneTimeLinks(database),
    forgotLimit: forgotPasswordLimiter(),
    mailer,
    publicOrigin,
  };
}

/**
 * The office's services with the event writer, for events kept here. `photoCache`: the
 * process's cache of resized photos, whose copies of a deleted photo go with it.
 */
export function createAdminServices(
  database: DatabaseSync,
  dataDir: string,
  { photoCache, ...options }: OfficeOptions & { photoCache?: DiskCache | undefined },
): EventAdminServices {
  return { ...createOfficeServices(database, options), events: new EventWriter(database, { dataDir, photoCache }) };
}
