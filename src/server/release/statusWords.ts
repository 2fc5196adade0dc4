/**
 * The deploy's status in words (releaseStatus.ts), for `npm run deploy -- status`, the deploy's log,
 * the owners' System page and their mail: what is live and since when, and how the last attempt
 * ended, with its reason, its cause and what to do when it failed. Commit subjects and reasons are
 * someone else's text: control characters and bidirectional overrides are shown as codes.
 */
import { formatIndiaDateTime } from '../../lib/indiaTime.ts';
import { terminalSafe } from '../contact/exportMessages.ts';
import { STEPS, type Attempt, type Cause, type DeployStatus } from './releaseStatus.ts';

/** A commit as people read it: its first seven characters. */
export const short = (hash: string) => hash.slice(0, 7);

/** Someone else's text for a terminal or a page: each line's control characters shown as codes. */
export const visible = (text: string) => text.split('\n').map(terminalSafe).join('\n');

const named = (attempt: Pick<Attempt, 'commit' | 'subject'>) =>
  attempt.subject ? `${short(attempt.commit)} "${visible(attempt.subject)}"` : short(attempt.commit);

/** What to do about a failure, by its cause. */
export const WHAT_TO_DO: Record<Cause, string> = {
  release:
    'The release itself is at fault: a maintainer corrects it and merges again, and the next release goes live by itself. "Try again" helps only if it was a passing fault.',
  machine:
    'This server is at fault (its disk, most likely): the maintainer frees room or mends it, then an owner presses "Try again" under Site updates on the System page (or runs "npm run deploy -- retry").',
};

export function liveLine(status: DeployStatus): string {
  const { live } = status;
  if (!live) return 'Nothing is live yet.';
  const how = live.rolledBack ? ', put back by a rollback' : '';
  return `Live: ${named(live)}, since ${formatIndiaDateTime(live.since)}${how}.`;
}

export function attemptLine(attempt: Attempt): string {
  const when = formatIndiaDateTime(attempt.finished ?? attempt.started);
  const step = attempt.step ? STEPS[attempt.step] : 'a step';
  switch (attempt.result) {
    case 'preparing':
      return `${named(attempt)}: being prepared since ${formatIndiaDateTime(attempt.started)}.`;
    case 'waiting':
      return `${named(attempt)}: waiting for the network while ${step} (${when}); it goes on by itself.`;
    case 'live':
      return `${named(attempt)}: went live, ${when}.`;
    case 'rolled back':
      return `${named(attempt)}: put back live by a rollback, ${when}.`;
    case 'superseded':
      return `${named(attempt)}: not put live, a newer release came (${when}).`;
    case 'failed':
      return `${named(attempt)}: failed at ${step}, ${when}; it is not live.`;
  }
}

/** The reason of a failed or waiting attempt, or undefined. */
export function attemptReason(attempt: Attempt): string | undefined {
  return (attempt.result === 'failed' || attempt.result === 'waiting') && attempt.reason
    ? visible(attempt.reason)
    : undefined;
}

/** The whole status, as `npm run deploy -- status` prints it. */
export function statusText(status: DeployStatus | undefined, running: string | undefined): string {
  const lines = [`Deploy: ${running ?? 'not running'}.`];
  if (!status) return [...lines, 'No release was put live here yet.'].join('\n');
  lines.push(liveLine(status));
  if (status.pinned)
    lines.push(`Kept live until a newer release than ${short(status.pinned)} is published (a rollback).`);
  const [last] = status.attempts;
  if (last) {
    lines.push(`Last attempt: ${attemptLine(last)}`);
    const reason = attemptReason(last);
    if (reason) lines.push(...reason.split('\n').map((line) => `    ${line}`));
    if (last.result === 'failed' && last.cause) lines.push(WHAT_TO_DO[last.cause]);
  }
  const check = status.lastCheck;
  if (check?.error) {
    lines.push(`Last look for releases (${formatIndiaDateTime(check.at)}) failed: ${visible(check.error)}`);
  } else if (check) {
    lines.push(`Last look for releases: ${formatIndiaDateTime(check.at)}.`);
  }
  if (status.releases.length > 0) {
    lines.push(
      `Kept releases (for a rollback): ${status.releases.map((release) => short(release.commit)).join(', ')}.`,
    );
  }
  return lines.join('\n');
}

/** The e-mail owners get when a release failed: what failed, why, whose fault, and what to do. */
export function notLiveNotice(
  attempt: Pick<Attempt, 'commit' | 'subject' | 'step' | 'reason'> & { cause: Cause },
  live: { commit: string; subject: string } | undefined,
): { subject: string; text: string } {
  const text = [
    `The release ${named(attempt)} was published but did not go live:`,
    `it failed at ${attempt.step ? STEPS[attempt.step] : 'a step'}.`,
    '',
    visible(attempt.reason ?? 'No reason was given.'),
    '',
    live ? `The site keeps showing ${named(live)}.` : 'Nothing is live yet.',
    WHAT_TO_DO[attempt.cause],
    'Owners see this under Site updates on the System page of /Admin.',
  ].join('\n');
  const title = attempt.subject || short(attempt.commit);
  return { subject: visible(`The site was not updated: ${title}`).slice(0, 150), text };
}

/** The deploy's log line once the live release has e-mailed the owners (or could not). */
export function notifiedLine({ sent, error }: { sent: number; error?: string | undefined }): string {
  if (error) return `Owners could not be e-mailed: ${visible(error)}`;
  return sent === 0
    ? 'No owner was e-mailed (mail is not set up, or no owner has an e-mail address).'
    : `${sent} owner${sent === 1 ? ' was' : 's were'} e-mailed.`;
}
