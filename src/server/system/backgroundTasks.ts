/**
 * What the server does by itself besides serving, started once by `npm start` (scripts/start.ts):
 * - the resized copies of stored event photos that are missing, one at a time (events/eventWriter.ts);
 * - while the store has no account, the first owner's setup link (admin/setupLink.ts);
 * - the scheduled backups and their weekly restore drill, when BACKUP_DIR is set (backup/backupSchedule.ts);
 * - every minute, the System page's lines, and one mail to the owners when one turns red or is mended
 *   (systemFacts.ts, systemStatus.ts, ownerAlerts.ts).
 */
import { SetupLinks, watchSetupLink } from '../admin/setupLink.ts';
import { messageOf } from '../backup/backupError.ts';
import { BackupSchedule } from '../backup/backupSchedule.ts';
import type { SiteServices } from '../services.ts';
import { notifyOwners } from '../admin/ownerNotices.ts';
import { alertOwners } from './ownerAlerts.ts';
import { gatherFacts, type FactSources } from './systemFacts.ts';
import { statusLines } from './systemStatus.ts';
import { SystemState } from './systemState.ts';

export interface BackgroundTaskOptions {
  services: SiteServices;
  /** In production a missing BACKUP_DIR is warned of at start. */
  production: boolean;
  say: (line: string) => void;
  warn: (line: string) => void;
}

const CHECK_EVERY_MS = 60_000;

/** The facts the System page shows, from the site's services. */
export function factSources(services: SiteServices, state: SystemState): FactSources {
  const { backup, release } = services.settings;
  return {
    database: services.database,
    dataDir: services.dataDir,
    state,
    backup,
    mailConfigured: services.contact.mailsMessages,
    deployDir: release.deployDir,
    commit: release.commit,
  };
}

/** One check: the System page's lines, and the owners' mails for those newly red or mended. */
export async function checkSystem(services: SiteServices, state: SystemState) {
  const lines = statusLines(await gatherFacts(factSources(services, state)));
  return alertOwners(lines, {
    state,
    notify: (subject, text) => notifyOwners(services.admin, subject, text),
    systemPage: new URL('/Admin/system', services.publicOrigin).href,
  });
}

/** Starts the background tasks; gives the function that stops them. */
export function startBackgroundTasks({ services, production, say, warn }: BackgroundTaskOptions): () => void {
  const { database, dataDir, publicOrigin } = services;
  const { backup } = services.settings;
  void services.admin.events?.makeResizedCopies();
  const stopSetupLink = watchSetupLink(new SetupLinks(database, dataDir, publicOrigin), say);
  const state = new SystemState(database);
  const { dir } = backup;
  const schedule = dir
    ? new BackupSchedule({
        dataDir,
        settings: { ...backup, dir },
        state,
        say: (line) => (/failed/.test(line) ? warn : say)(line),
      })
    : undefined;
  if (dir) {
    say(`Backups: every ${backup.intervalMs / 60_000} minutes into ${dir}, the last ${backup.keep} kept.`);
  } else if (production) {
    warn(
      'Backups: BACKUP_DIR is not set, so no backups are made on a schedule (docs/operations.md, "Backups and restore").',
    );
  }
  // Now and every minute: what the backup schedule has due, and the System page's check. A round that fails (the
  // store cannot be read or written) is warned of, never left to stop the site.
  const everyMinute = () => {
    void schedule?.tick().catch((error: unknown) => warn(`The backup schedule failed: ${messageOf(error)}`));
    void checkSystem(services, state).catch((error: unknown) => warn(`The system check failed: ${messageOf(error)}`));
  };
  everyMinute();
  const timer = setInterval(everyMinute, CHECK_EVERY_MS);
  timer.unref();
  return () => {
    stopSetupLink();
    clearInterval(timer);
  };
}
