/**
 * `npm run check:commits [-- <range>]`: the history's habits, kept by a tool (CI runs it on every pull
 * request and push, and `npm run check` on this clone). Each commit of the range has a subject of at
 * most 72 characters (the detail goes in the body, after a blank line), and no commit, merges
 * included, is "work in progress". The default range is every commit since the rule began
 * (RULE_SINCE); a shallow clone without it checks the commits it has. Exit code 1 naming each offender.
 */
import { spawnSync } from 'node:child_process';

/** The last commit before the rule: older subjects are history, not habits. */
const RULE_SINCE = 'ad7465ac5ffcf14aaa576d437468f9a17d279cdb';
const MAX_SUBJECT = 72;
/** "WIP" anywhere, or a subject that starts as work in progress (a subject may name the habit itself). */
const WORK_IN_PROGRESS = /\bwip\b|^\W*work[- ]in[- ]progress\b/i;
/** Made before CI ran this check, and left in the history rather than rewritten under the branches made from it. */
const BEFORE_THE_CHECK_RAN = new Set(['ce9e41e']);

const git = (...args: string[]) => spawnSync('git', args, { encoding: 'utf8' });

function defaultRange(): string {
  const known = git('rev-parse', '--verify', '--quiet', `${RULE_SINCE}^{commit}`);
  return known.status === 0 ? `${RULE_SINCE}..HEAD` : 'HEAD';
}

const range = process.argv[2] ?? defaultRange();
const log = git('log', '--format=%h%x00%s%x00%b%x1e', range);
if (log.status !== 0) {
  console.error(`Cannot read the commits of ${range}: ${log.stderr.trim()}`);
  process.exit(1);
}

const problems: string[] = [];
const commits = log.stdout.split('\x1e').filter((entry) => entry.trim() !== '');
for (const entry of commits) {
  const [hash = '', subject = '', body = ''] = entry.trim().split('\0');
  if (subject.length > MAX_SUBJECT && !BEFORE_THE_CHECK_RAN.has(hash.slice(0, 7))) {
    problems.push(`${hash} has a subject of ${subject.length} characters (at most ${MAX_SUBJECT}): "${subject}"`);
  }
  if (WORK_IN_PROGRESS.test(subject) || WORK_IN_PROGRESS.test(body.split('\n')[0] ?? '')) {
    problems.push(`${hash} is work in progress: "${subject}" (finish it, or squash it into the commit it belongs to)`);
  }
}

if (problems.length > 0) {
  console.error(`Commits that break the history's habits (docs/developing.md, "Commits"):\n${problems.join('\n')}`);
  process.exit(1);
}
console.info(`${commits.length} commits of ${range} keep the history's habits.`);
