/**
 * The System page's lines, from the gathered facts (systemFacts.ts): each green (all is well), amber
 * (worth a look) or red (broken: owners get a mail, ownerAlerts.ts), said in words as well as colour,
 * with what to do, and the technical detail apart (statusLine.ts). Backups and the drill are
 * backupLines.ts's, mail mailLine.ts's. Pure: the same facts give the same lines.
 */
import { openFailure } from '../release/releaseStatus.ts';
import { attemptLine, liveLine } from '../release/statusWords.ts';
import { backupLine, drillLine } from './backupLines.ts';
import { mailLine } from './mailLine.ts';
import { ASK_THE_MAINTAINER, type StatusLine } from './statusLine.ts';
import type { DiskSpace, SystemFacts } from './systemFacts.ts';

export { LEVEL_WORDS } from './statusLine.ts';
export type { StatusLine } from './statusLine.ts';

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

function versionLine({ deploy }: SystemFacts): StatusLine {
  const title = 'Live version';
  if (!deploy) {
    return {
      key: 'version',
      title,
      level: 'amber',
      text: 'The site is not run by "npm run deploy": merged changes do not go live by themselves.',
      todo: 'Run the site with Docker Compose or the systemd unit (docs/operations.md, "Setting it up").',
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

function diskLine(key: 'disk-data' | 'disk-backups', title: string, disk: DiskSpace | string): StatusLine {
  if (typeof disk === 'string') {
    return {
      key,
      title,
      level: 'red',
      text: 'The free space of this disk cannot be read.',
      todo: `Ask ${ASK_THE_MAINTAINER} to look at it.`,
      detail: `${disk}: check the folder exists.`,
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
      todo: `Ask ${ASK_THE_MAINTAINER} to free space now (old backups, photos) or give the server a larger disk.`,
    };
  }
  const low = share < 2 * LOW_SHARE || disk.freeBytes < 2 * LOW_BYTES;
  const todo = low ? `Tell ${ASK_THE_MAINTAINER}: the server will need more space soon.` : undefined;
  return { key, title, level: low ? 'amber' : 'green', text, todo };
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
