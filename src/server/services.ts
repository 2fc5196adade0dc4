/**
 * The server's services, made once per process: one SQLite connection to DATA_DIR's store, the
 * events source, the contact service, the admin. `npm start` (scripts/start.ts) makes them before it listens
 * and the pages and endpoints reach the same ones through `getServices()`: the server build
 * imports src/server/ at run time instead of bundling a copy (astro.config.mjs), so this module,
 * and every cache, rate limiter and connection it holds, exists once in the serving process.
 * Under `astro dev` the first page that asks makes them.
 */
import type { DatabaseSync } from 'node:sqlite';
import { createAdminServices, createOfficeServices, type AdminServices } from './admin/adminServices.ts';
import { deviceCookieKey } from './admin/deviceCookies.ts';
import type { LinkMailer } from './admin/linkMail.ts';
import { ContactService } from './contact/ContactService.ts';
import { createSmtpTransport } from './contact/delivery.ts';
import { loadFormSecret } from './contact/formSecret.ts';
import { ContactMessageStore } from './contact/messageStore.ts';
import { openDatabase } from './database.ts';
import { DiskCache } from './diskCache.ts';
import type { EventsSource } from './events/EventsSource.ts';
import { openEventsSource } from './events/index.ts';
import { photoCacheDir } from './photoCache.ts';
import type { MailSettings } from './contact/settings.ts';
import { readServerSettings, type ServerSettings } from './settings.ts';

export interface SiteServices {
  /** The folder of the store, the photos and the form key (DATA_DIR, resolved). */
  readonly dataDir: string;
  /**
   * The origin every absolute URL the server writes names, and every form post must come from:
   * SITE_URL's, or the listening address in development (settings.ts), never a request's Host.
   */
  readonly publicOrigin: string;
  /** The one connection to the store: events, contact messages and what else the site keeps. */
  readonly database: DatabaseSync;
  readonly events: EventsSource;
  readonly contact: ContactService;
  /**
   * The admin (accounts, sessions, messages, staff, the audit log), in both modes; its event
   * writer only when events are kept here, not read from the society's backend.
   */
  readonly admin: AdminServices;
  /** Event photos kept on disk (resized copies; with the backend, the photos too), bounded in size. */
  readonly photoCache: DiskCache;
  /**
   * The settings the services were made with, read once (settings.ts): among them what `npm run deploy`
   * told this server of its release (`release`, empty under `npm start`), the backups' and the mail's.
   */
  readonly settings: ServerSettings;
  /** Waits for work in progress (an e-mail round), then closes the store. */
  close(): Promise<void>;
}

/** Makes the services with `settings` (checked before anything is opened), the store in their DATA_DIR. */
async function createServices(settings: ServerSettings, env: NodeJS.ProcessEnv): Promise<SiteServices> {
  const { dataDir } = settings.store;
  const opened = openDatabase(dataDir);
  const database = opened.db;
  try {
    const photoCache = new DiskCache({ dir: photoCacheDir(dataDir), maxBytes: settings.http.photoCacheBytes });
    const events = await openEventsSource(settings.events, dataDir, () => opened, photoCache);
    const secret = loadFormSecret(dataDir, env);
    const contact = new ContactService({
      store: new ContactMessageStore(database),
      settings: settings.contact,
      secret,
    });
    const office = {
      publicOrigin: settings.http.publicOrigin,
      mailsMessages: contact.mailsMessages,
      mailer: linkMailer(settings.contact.mail),
      deviceKey: deviceCookieKey(secret),
    };
    const admin =
      settings.events.kind === 'embedded'
        ? createAdminServices(database, dataDir, { ...office, photoCache })
        : createOfficeServices(database, office);
    const close = async () => {
      await contact.close();
      await events.close();
      if (database.isOpen) database.close();
    };
    return {
      dataDir,
      publicOrigin: settings.http.publicOrigin,
      database,
      events,
      contact,
      admin,
      photoCache,
      settings,
      close,
    };
  } catch (error) {
    database.close();
    throw error;
  }
}

/** Sends the admin's one-time links with the contact form's SMTP settings, when there are any. */
function linkMailer(mail: MailSettings | undefined): LinkMailer | undefined {
  if (!mail) return undefined;
  const transport = createSmtpTransport(mail.smtpUrl);
  return (to, subject, text) => transport.sendMail({ from: mail.from, to, replyTo: mail.from, subject, text });
}

let current: Promise<SiteServices> | undefined;

/**
 * Makes the one set of services of this process with the settings `npm start` read (once, at
 * start, DATA_DIR resolved with them); they are closed when the process exits (closing SQLite
 * is synchronous, so the write-ahead log is folded back into the database file within the exit
 * handler; `npm start` closes them itself after finishing requests on SIGTERM).
 */
export function startServices(settings: ServerSettings, env: NodeJS.ProcessEnv = process.env): Promise<SiteServices> {
  if (current) throw new Error('The services of this process are already made');
  current = createServices(settings, env).then(
    (services) => {
      process.once('exit', () => void services.close());
      return services;
    },
    (error: unknown) => {
      current = undefined;
      throw error;
    },
  );
  return current;
}

/**
 * The one set of services of this process: those `npm start` made, or, under `astro dev`, made on
 * first use from the environment (a mistake in the settings is a SettingsError, see settings.ts).
 */
export function getServices(): Promise<SiteServices> {
  if (current) return current;
  try {
    return startServices(readServerSettings(process.env));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
