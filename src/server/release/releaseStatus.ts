/**
 * What `npm run deploy` did, in DEPLOY_DIR/status.json: the live release, the good releases kept for
 * a rollback, and the last attempts with their result and, for a failure, its step, its cause and its
 * reason. The deploy writes it (src/deploy/statusFile.ts); `npm run deploy -- status`, the owners'
 * System page and the content forms' door read it. It is the one contract between the deploy (the
 * server's copy of the code) and a release (a merged commit's): `version` says which shape it has, and
 * a file of another version or that does not fit is read as no status at all.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { jsonWith } from '../../lib/jsonWith.ts';

export const STATUS_FILE = 'status.json';
/** The shape of status.json; a deploy writing another one is not read. */
const STATUS_VERSION = 2;

/** The steps of an attempt, in order; a failure names the one that failed. */
export const STEPS = {
  download: 'downloading it',
  verify: 'checking the download',
  accept: 'checking what it was made for',
  unpack: 'unpacking it',
  start: 'starting it',
  health: 'its health check',
} as const;
export type Step = keyof typeof STEPS;

/**
 * Why an attempt failed: the release itself (damaged, made for another server, failing its health
 * check: a maintainer mends and merges again), or this machine (its disk: free room, then try again).
 * A network that does not answer is no failure: the deploy goes on trying.
 */
const CAUSES = ['release', 'machine'] as const;
export type Cause = (typeof CAUSES)[number];

/** A step of an attempt that failed, with whose fault it is and why. */
export class StepFailure extends Error {
  readonly step: Step;
  override readonly cause: Cause;
  constructor(step: Step, cause: Cause, reason: string) {
    super(reason);
    this.step = step;
    this.cause = cause;
  }
}

const commit = z.string().regex(/^[0-9a-f]{40}$/);
const time = z.iso.datetime();

const attemptSchema = z.object({
  commit,
  subject: z.string(),
  started: time,
  finished: time.optional(),
  /** `waiting`: the download could not be finished yet (the network); it goes on by itself. */
  result: z.enum(['preparing', 'waiting', 'live', 'failed', 'superseded', 'rolled back']),
  step: z.enum(Object.keys(STEPS) as [Step, ...Step[]]).optional(),
  cause: z.enum(CAUSES).optional(),
  reason: z.string().optional(),
});

const releaseSchema = z.object({ commit, subject: z.string(), builtAt: time });

const statusSchema = z.object({
  version: z.literal(STATUS_VERSION),
  live: z.object({ commit, subject: z.string(), since: time, rolledBack: z.boolean().default(false) }).optional(),
  /** Good releases kept on disk, newest first. */
  releases: z.array(releaseSchema).default([]),
  /** The published release a rollback stepped back from: not put live again; a newer one is. */
  pinned: commit.optional(),
  attempts: z.array(attemptSchema).default([]),
  /** The last look at where releases are published: when, what it found newest, or why it could not. */
  lastCheck: z.object({ at: time, latest: commit.optional(), error: z.string().optional() }).optional(),
  /** GitHub's webhook deliveries already answered (X-GitHub-Delivery): a replay fetches nothing. */
  deliveries: z.array(z.string().max(100)).default([]),
});

export type Attempt = z.output<typeof attemptSchema>;
export type Release = z.output<typeof releaseSchema>;
export type DeployStatus = z.output<typeof statusSchema>;

/** A status with nothing in it yet. */
export const emptyStatus = (): DeployStatus => statusSchema.parse({ version: STATUS_VERSION });

/** The status in `deployDir`, or undefined when there is none or it cannot be trusted. */
export function readDeployStatus(deployDir: string): DeployStatus | undefined {
  try {
    return jsonWith(statusSchema, readFileSync(path.join(deployDir, STATUS_FILE), 'utf8'));
  } catch {
    return undefined; // No status file yet.
  }
}

/**
 * The failure owners still have to act on: the newest attempt, when it failed and is still the newest
 * published release. Once a newer release went live, or the newest published is the live one again (a
 * release withdrawn), it is no longer news.
 */
export function openFailure(status: DeployStatus | undefined): Attempt | undefined {
  const [last] = status?.attempts ?? [];
  if (!status || last?.result !== 'failed' || last.commit === status.live?.commit) return undefined;
  const latest = status.lastCheck?.latest;
  return latest === undefined || latest === last.commit ? last : undefined;
}
