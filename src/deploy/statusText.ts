/**
 * The deploy's status in words, for `npm run deploy -- status` and the owners' /Admin page: what is
 * live and since when, and how the last attempt ended, with its reason when it failed. Commit
 * subjects and reasons are someone else's text: control characters are shown as codes.
 */
import { formatIndiaDateTime } from '../lib/indiaTime.ts';
import { terminalSafe } from '../server/contact/exportMessages.ts';
import { STEPS, type Attempt, type DeployStatus } from './journal.ts';

const short = (hash: string) => hash.slice(0, 7);
/** Someone else's text for a terminal: each line's control characters shown as codes. */
const visible = (text: string) => text.split('\n').map(terminalSafe).join('\n');

export function liveLine(status: DeployStatus): string {
  const { live } = status;
  if (!live) return 'Nothing is live yet.';
  const how = live.rolledBack ? ', put back by a rollback' : '';
  return `Live: ${short(live.commit)} "${visible(live.subject)}", since ${formatIndiaDateTime(live.since)}${how}.`;
}

export function attemptLine(attempt: Attempt): string {
  const what = `${short(attempt.commit)} "${visible(attempt.subject)}"`;
  const when = formatIndiaDateTime(attempt.finished ?? attempt.started);
  switch (attempt.result) {
    case 'building':
      return `${what}: being built since ${formatIndiaDateTime(attempt.started)}.`;
    case 'live':
      return `${what}: went live, ${when}.`;
    case 'rolled back':
      return `${what}: put back live by a rollback, ${when}.`;
    case 'superseded':
      return `${what}: not built to the end, a newer commit arrived (${when}).`;
    case 'failed':
      return `${what}: failed at ${attempt.step ? STEPS[attempt.step] : 'a step'}, ${when}; it is not live.`;
  }
}

/** The reason of a failed attempt, its lines indented, or undefined. */
export function attemptReason(attempt: Attempt): string | undefined {
  return attempt.result === 'failed' && attempt.reason ? visible(attempt.reason) : undefined;
}

/** The whole status, as `npm run deploy -- status` prints it. */
export function statusText(status: DeployStatus | undefined, running: string | undefined): string {
  const lines = [`Deploy: ${running ?? 'not running'}.`];
  if (!status) return [...lines, 'No release was made here yet.'].join('\n');
  lines.push(liveLine(status));
  if (status.pinned) lines.push(`Kept live until a newer commit than ${short(status.pinned)} arrives (a rollback).`);
  const [last] = status.attempts;
  if (last) {
    lines.push(`Last attempt: ${attemptLine(last)}`);
    const reason = attemptReason(last);
    if (reason) lines.push(...reason.split('\n').map((line) => `    ${line}`));
  }
  if (status.lastCheck?.error) {
    lines.push(
      `Last check of the repository (${formatIndiaDateTime(status.lastCheck.at)}) failed: ${visible(status.lastCheck.error)}`,
    );
  } else if (status.lastCheck) {
    lines.push(`Last check of the repository: ${formatIndiaDateTime(status.lastCheck.at)}.`);
  }
  if (status.releases.length > 0) {
    lines.push(
      `Kept releases (for a rollback): ${status.releases.map((release) => short(release.commit)).join(', ')}.`,
    );
  }
  return lines.join('\n');
}

/** The e-mail owners get when a merged change failed a step: what failed and why, and what stays live. */
export function notLiveNotice(
  commit: { hash: string; subject: string },
  step: keyof typeof STEPS,
  reason: string,
  live: { commit: string; subject: string } | undefined,
): { subject: string; text: string } {
  const text = [
    `The change ${short(commit.hash)} "${commit.subject}" was merged but did not go live:`,
    `it failed at ${STEPS[step]}.`,
    '',
    reason,
    '',
    live
      ? `The site keeps showing ${short(live.commit)} "${live.subject}". Fix the mistake and merge again; the next change goes live by itself.`
      : 'Fix the mistake and merge again.',
    'Owners see this under Site updates on the /Admin page.',
  ].join('\n');
  return { subject: `The site was not updated: ${commit.subject}`.slice(0, 150), text };
}

/** The deploy's log line once the live release has e-mailed the owners (or could not). */
export function notifiedLine({ sent, error }: { sent: number; error?: string | undefined }): string {
  if (error) return `Owners could not be e-mailed: ${error}`;
  return sent === 0
    ? 'No owner was e-mailed (mail is not set up, or no owner has an e-mail address).'
    : `${sent} owner${sent === 1 ? ' was' : 's were'} e-mailed.`;
}
