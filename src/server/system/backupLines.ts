/**
 * The System page's Backups and Restore drill lines (systemStatus.ts), from the gathered facts: whether backups are
 * made, whether they leave this machine (BACKUP_COMMAND: copies that stay on it are lost with it), and whether the
 * newest one restored whole in the weekly drill. Plain words for the office; the settings and errors in `detail`.
 */
import type { SystemFacts } from './systemFacts.ts';
import { ASK_THE_MAINTAINER, DAY_MS, HOUR_MS, ago, everyText, when, type StatusLine } from './statusLine.ts';

const ASK = `Ask ${ASK_THE_MAINTAINER}`;

export function backupLine(facts: SystemFacts): StatusLine {
  const line = { key: 'backup', title: 'Backups' } as const;
  const { backup, lastBackup, lastGoodBackup } = facts;
  if (!backup.dir) {
    return {
      ...line,
      level: 'red',
      text: 'No backups are made: the events, photos, messages and accounts are nowhere but on this server.',
      todo: `${ASK} to switch backups on.`,
      detail:
        'BACKUP_DIR is not set: set it to a folder outside DATA_DIR, and BACKUP_COMMAND to copy each backup off the machine, then restart the site (docs/operations.md, "Backups and restore").',
      mailed: false,
    };
  }
  const good = lastGoodBackup
    ? ` The last good one was made ${when(lastGoodBackup.at)}.`
    : ' There is no good backup yet.';
  if (lastBackup && !lastBackup.ok) {
    return {
      ...line,
      level: 'red',
      text: `The last backup failed (${when(lastBackup.at)}).${good}`,
      todo: `Nothing is lost: it is tried again within 15 minutes. If this line is still red in an hour, ${ASK.toLowerCase()}.`,
      detail: `${lastBackup.error ?? 'No reason given.'} Make sure ${backup.dir} can be written by the site and has room.`,
    };
  }
  if (!lastGoodBackup) {
    return { ...line, level: 'amber', text: 'The first backup is due within a minute of the start.' };
  }
  if (ago(facts, lastGoodBackup.at) > 2 * backup.intervalMs + HOUR_MS) {
    return {
      ...line,
      level: 'red',
      text: `No backup since ${when(lastGoodBackup.at)}, though one is due ${everyText(backup.intervalMs)}.`,
      todo: `${ASK} to look at it today.`,
      detail: `Backups go to ${backup.dir}; check the server log for "Backup" lines.`,
    };
  }
  const made = `The last backup was made ${when(lastGoodBackup.at)}; the last ${backup.keep} are kept.`;
  const where = `In ${lastGoodBackup.folder ?? backup.dir}.`;
  if (!backup.command) {
    return {
      ...line,
      level: 'amber',
      text: `${made} They are all on this server: if it breaks or is lost, the backups are lost with it.`,
      todo: `${ASK} to have each backup copied to another place.`,
      detail: `BACKUP_COMMAND is not set: set it to a command that copies each new backup folder off the machine (docs/operations.md, "Backups and restore"). ${where}`,
    };
  }
  if (lastGoodBackup.commandError) {
    return {
      ...line,
      level: 'amber',
      text: `${made} Copying it to another place failed, so it is only on this server.`,
      todo: `It is tried again with the next backup. If this stays, ${ASK.toLowerCase()}.`,
      detail: `BACKUP_COMMAND failed: ${lastGoodBackup.commandError}. ${where}`,
    };
  }
  return { ...line, level: 'green', text: `${made} Each is copied to another place too.`, detail: where };
}

export function drillLine(facts: SystemFacts): StatusLine {
  const line = { key: 'drill', title: 'Restore drill' } as const;
  const { lastDrill, backup } = facts;
  if (!backup.dir) return { ...line, level: 'amber', text: 'No drill: there are no backups to try.' };
  if (!lastDrill) {
    return { ...line, level: 'amber', text: 'No drill yet: the newest backup is tried after the first, then weekly.' };
  }
  if (!lastDrill.ok) {
    return {
      ...line,
      level: 'red',
      text: `The last drill (${when(lastDrill.at)}) could not restore the newest backup: that backup would not bring the site back.`,
      todo: `${ASK} to look at it today.`,
      detail: `${lastDrill.folder}: ${lastDrill.error ?? 'no reason given'}. Check the backup key and the backups folder; make a new backup with "npm run backup" and check it with "npm run restore -- --check <backup>".`,
    };
  }
  const stale = ago(facts, lastDrill.at) > 8 * DAY_MS;
  return {
    ...line,
    level: stale ? 'amber' : 'green',
    text: `The newest backup restored whole in a drill on ${when(lastDrill.at)}.`,
    todo: stale ? `The weekly drill is late: ${ASK.toLowerCase()}.` : undefined,
    detail: stale ? 'Check the server log for "drill" lines.' : undefined,
  };
}
