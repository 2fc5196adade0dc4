/**
 * What a line of the System page is (systemStatus.ts makes them): green (all is well), amber (worth a look) or red
 * (broken: owners get a mail, ownerAlerts.ts), with what is so and what to do in words the office reads, and the
 * technical detail (a setting's name, the error a program gave, a server path) apart, for the person who looks
 * after the server: the page folds it away, the owners' mail puts it last.
 */
import { formatIndiaDateTime } from '../../lib/indiaTime.ts';
import type { SystemFacts } from './systemFacts.ts';

export type Level = 'green' | 'amber' | 'red';

export const LEVEL_WORDS: Record<Level, string> = { green: 'Fine', amber: 'Worth a look', red: 'Needs action' };

export interface StatusLine {
  /** Stable name of the line (the alerts remember which were red). */
  key: 'version' | 'backup' | 'drill' | 'mail' | 'disk-data' | 'disk-backups' | 'store';
  title: string;
  level: Level;
  /** What is so, in a sentence or two, in plain words. */
  text: string;
  /** What to do, when anything, in plain words. */
  todo?: string | undefined;
  /** For the person who looks after the server: the setting to change, the error as the program gave it. */
  detail?: string | undefined;
  /**
   * false: red, but not mailed by the alerts (ownerAlerts.ts): the deploy mails the owners itself about a
   * merge that did not go live (ownerNotices.ts), and a missing BACKUP_DIR is a setting, not a failure.
   */
  mailed?: false;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Who the office asks when a line needs more than they can do. */
export const ASK_THE_MAINTAINER = 'the person who looks after the server';

/** How long ago `at` was, at the facts' time. */
export const ago = (facts: Pick<SystemFacts, 'now'>, at: string) => facts.now.getTime() - Date.parse(at);

/** A time as the office reads it: "26 Nov 2026, 15:30 IST". */
export const when = (at: string) => formatIndiaDateTime(at);

/** "every 24 hours", "every 30 minutes". */
export function everyText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 !== 0) return `every ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = minutes / 60;
  return hours === 1 ? 'every hour' : `every ${hours} hours`;
}
