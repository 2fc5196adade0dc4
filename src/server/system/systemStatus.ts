/**
 * The System page's lines, from the gathered facts (systemFacts.ts): each green (all is well), amber
 * (worth a look) or red (broken: owners get a mail, ownerAlerts.ts), said in words as well as colour,
 * with what to do. Pure: the same facts give the same lines.
 */
import { formatIndiaDateTime } from '../../lib/indiaTime.ts';
import { openFailure } from '../release/releaseStatus.ts';
import { attemptLine, liveLine } from '../release/statusWords.ts';
import type { DiskSpace, SystemFacts } from './systemFacts.ts';

export type Level = 'green' | 'amber' | 'red';

export const LEVEL_WORDS: Record<Level, string> = { green: 'Fine', amber: 'Worth a look', red: 'Needs action' };

export interface StatusLine {
  /** Stable name of the line (the alerts remember which were red). */
  key: 'version' | 'backup' | 'drill' | 'mail' | 'disk-data' | 'disk-backups' | 'store';
  title: string;
  level: Level;
  /** What is so, in a sentence or two. */
  text: string;
  /** What to do, when anything. */
  todo?: string | undefined;
  /**
   * false: red, but not mailed by the alerts (ownerAlerts.ts): the deploy mails the owners itself about a
   * merge that did not go live (ownerNotices.ts), and a missing BACKUP_DIR is a setting, not a failure.
   */
  mailed?: false;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Red below this share of the disk free, or this many bytes; amber below twice as much. */
const LOW_SHARE = 0.1;
const LOW_BYTES = 2 * 1024 ** 3;

function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

const ago = (facts: SystemFacts, at: string) => facts.now.getTime() - Date.parse(at);
const when = (at: string) => formatIndiaDateTime(at);

function versionLine({ deploy }: SystemFacts): StatusLine {
  const title = 'Live version';
  if (!deploy) {
    return {
      key: 'version',
      title,
      level: 'amber',
      text: 'The site is not run by "npm run deploy": merged changes do not go live by themselves.',
      todo: 'Run the site with Docker Compose or the systemd unit (README, "Running in production").',
    };
  }
  const { status } = deploy;
  const [last] = status?.attempts ?? [];
  const live = status ? liveLine(status) : `Live: ${deploy.commit?.slice(0, 7) ?? 'unknown'}.`;
  const lastText = last ? ` Last attempt: ${attemptLine(last)}` : '';
  if (openFailure(status)) {
    return {
      key: 'version',
      title,
      level: 'red',
      text: `A published release did not go live. ${live}${lastText}`,
      todo: 'Read why under Site updates below, and what to do.',
      mailed: false,
    };
  }
  const busy = last?.result === 'preparing' || last?.result === 'waiting';
  return { key: 'version', title, level: busy ? 'amber' : 'green', text: `${live}${lastText}` };
}

function backupLine(facts: SystemFacts): StatusLine {
  const title = 'Backups';
  const { backup, lastBackup, lastGoodBackup } = facts;
  if (!backup.dir) {
    return {
      key: 'backup',
      title,
      level: 'red',
      text: 'No backups are made: BACKUP_DIR is not set.',
      todo: 'Set BACKUP_DIR in the server settings (README, "Backups") and restart the site.',
      mailed: false,
    };
  }
  const good = lastGoodBackup ? ` The last good one: ${when(lastGoodBackup.at)}.` : ' There is no good backup yet.';
  if (lastBackup && !lastBackup.ok) {
    return {
      key: 'backup',
      title,
      level: 'red',
      text: `The last backup failed (${when(lastBackup.at)}): ${lastBackup.error ?? 'no reason given'}${good}`,
      todo: `Make sure ${backup.dir} can be written by the site and has room; it is tried again within 15 minutes.`,
    };
  }
  if (!lastGoodBackup) {
    return { key: 'backup', title, level: 'amber', text: 'The first backup is due within a minute of the start.' };
  }
  if (ago(facts, lastGoodBackup.at) > 2 * backup.intervalMs + HOUR_MS) {
    return {
      key: 'backup',
      title,
      level: 'red',
      text: `No backup since ${when(lastGoodBackup.at)}, though one is due every ${backup.intervalMs / 60_000} minutes.`,
      todo: 'Check the server log for "Backup" lines.',
    };
  }
  const copied = lastGoodBackup.commandError
    ? {
        level: 'amber' as const,
        todo: `Copying it off the machine failed: ${lastGoodBackup.commandError}. Check BACKUP_COMMAND.`,
      }
    : { level: 'green' as const, todo: undefined };
  return {
    key: 'backup',
    title,
    level: copied.level,
    text: `Last backup ${when(lastGoodBackup.at)} in ${lastGoodBackup.folder ?? backup.dir}; the last ${backup.keep} are kept.`,
    todo: copied.todo,
  };
}

function drillLine(facts: SystemFacts): StatusLine {
  const title = 'Restore drill';
  const { lastDrill, backup } = facts;
  if (!backup.dir) {
    return { key: 'drill', title, level: 'amber', text: 'No drill without backups.' };
  }
  if (!lastDrill) {
    return { key: 'drill', title, level: 'amber', text: 'No drill yet: it runs after the first backup, then weekly.' };
  }
  if (!lastDrill.ok) {
    return {
      key: 'drill',
      title,
      level: 'red',
      text: `The last restore drill failed (${when(lastDrill.at)}, ${lastDrill.folder}): ${lastDrill.error ?? ''}`,
      todo: 'That backup would not restore. Check the backup key and the backups folder; make a new backup with "npm run backup" and check it with "npm run restore -- --check <backup>".',
    };
  }
  const stale = ago(facts, lastDrill.at) > 8 * DAY_MS;
  return {
    key: 'drill',
    title,
    level: stale ? 'amber' : 'green',
    text: `The newest backup restored whole in a drill on ${when(lastDrill.at)}.`,
    todo: stale ? 'The weekly drill is late: check the server log.' : undefined,
  };
}

function mailLine(facts: SystemFacts): StatusLine {
  const title = 'Mail';
  const { mail } = facts;
  if (!mail.configured) {
    return {
      key: 'mail',
      title,
      level: 'amber',
      text: 'Mail is not set up: contact messages are only stored, and nobody is mailed (no alerts, no reset links).',
      todo: 'Set SMTP_URL and CONTACT_TO in the server settings (README, "Contact messages").',
    };
  }
  const sent = mail.lastSentAt ? ` Last message delivered ${when(mail.lastSentAt)}.` : '';
  if (mail.failing && ago(facts, mail.failing.since) >= HOUR_MS) {
    return {
      key: 'mail',
      title,
      level: 'red',
      text: `Mail is failing: a message received ${when(mail.failing.since)} is still not delivered (${mail.failing.error}).${sent}`,
      todo: 'Check SMTP_URL (a changed password?) and the mail provider; messages are kept and sent when it works again.',
    };
  }
  const test = mail.test;
  const testText = test
    ? ` Test mail to ${test.to} ${when(test.at)}: ${test.ok ? 'sent' : `failed (${test.error ?? ''})`}.`
    : '';
  const troubled = Boolean(mail.failing) || test?.ok === false;
  return {
    key: 'mail',
    title,
    level: troubled ? 'amber' : 'green',
    text: `Mail is set up.${sent}${testText}${mail.failing ? ` A delivery is being retried: ${mail.failing.error}.` : ''}`,
    todo: troubled ? 'Send a test mail; if it fails, check SMTP_URL.' : undefined,
  };
}

function diskLine(key: 'disk-data' | 'disk-backups', title: string, disk: DiskSpace | string): StatusLine {
  if (typeof disk === 'string') {
    return {
      key,
      title,
      level: 'red',
      text: `The free space cannot be read: ${disk}.`,
      todo: 'Check the folder exists.',
    };
  }
  const share = disk.totalBytes > 0 ? disk.freeBytes / disk.totalBytes : 0;
  const text = `${formatBytes(disk.freeBytes)} free of ${formatBytes(disk.totalBytes)} (${Math.round(share * 100)}%).`;
  if (share < LOW_SHARE || disk.freeBytes < LOW_BYTES) {
    return {
      key,
      title,
      level: 'red',
      text,
      todo: 'Free space now (old backups, photos) or give the server a larger disk.',
    };
  }
  const low = share < 2 * LOW_SHARE || disk.freeBytes < 2 * LOW_BYTES;
  return { key, title, level: low ? 'amber' : 'green', text, todo: low ? 'Plan for more space soon.' : undefined };
}

function storeLine({ store }: SystemFacts): StatusLine {
  const uploads = store.uploadsBytes === undefined ? '' : `, photos ${formatBytes(store.uploadsBytes)}`;
  return {
    key: 'store',
    title: 'Store',
    level: 'green',
    text: `Database ${formatBytes(store.bytes)}${uploads}: ${store.events} events, ${store.photos} photos, ${store.messages} contact messages.`,
  };
}

export function statusLines(facts: SystemFacts): StatusLine[] {
  return [
    versionLine(facts),
    backupLine(facts),
    drillLine(facts),
    mailLine(facts),
    diskLine('disk-data', 'Disk space (data)', facts.disks.data),
    ...(facts.disks.backups === undefined
      ? []
      : [diskLine('disk-backups', 'Disk space (backups)', facts.disks.backups)]),
    storeLine(facts),
  ];
}
