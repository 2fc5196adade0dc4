/**
 * What the deploy did, in DEPLOY_DIR/status.json: the live release, the good releases kept for a
 * rollback, and the last attempts with their result and, for a failure, its step and reason. The
 * deploy writes it (a new file renamed over the old, so a reader never sees half of it); `npm run
 * deploy -- status` prints it and the owners' /Admin page shows it (readDeployStatus). A file that
 * does not fit the schema is read as empty: the deploy starts over rather than trusting it.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const STATUS_FILE = 'status.json';
/** How many attempts the status keeps. */
const KEPT_ATTEMPTS = 30;

/** The steps of an attempt, in order; a failure names the one that failed. */
export const STEPS = {
  fetch: 'fetching the commit',
  install: 'installing its dependencies',
  check: 'the content check',
  build: 'the build',
  start: 'starting the release',
  health: 'the health check',
} as const;
export type Step = keyof typeof STEPS;

const commit = z.string().regex(/^[0-9a-f]{40,64}$/);
const time = z.iso.datetime();

const attemptSchema = z.object({
  commit,
  subject: z.string(),
  started: time,
  finished: time.optional(),
  result: z.enum(['building', 'live', 'failed', 'superseded', 'rolled back']),
  step: z.enum(Object.keys(STEPS) as [Step, ...Step[]]).optional(),
  reason: z.string().optional(),
});

const releaseSchema = z.object({
  commit,
  subject: z.string(),
  builtAt: time,
  /** The SHA-256 of its package-lock.json: a release with the same lock shares its dependencies. */
  lockHash: z.string(),
});

const statusSchema = z.object({
  live: z.object({ commit, subject: z.string(), since: time, rolledBack: z.boolean().default(false) }).optional(),
  /** Good releases kept on disk, newest first. */
  releases: z.array(releaseSchema).default([]),
  /** The branch's commit a rollback stepped back from: not put live again; a newer one is. */
  pinned: commit.optional(),
  attempts: z.array(attemptSchema).default([]),
  /** The last look at the repository. */
  lastCheck: z.object({ at: time, error: z.string().optional() }).optional(),
});

export type Attempt = z.output<typeof attemptSchema>;
export type Release = z.output<typeof releaseSchema>;
export type DeployStatus = z.output<typeof statusSchema>;

/** The status in `deployDir`, or undefined when there is none or it cannot be trusted. */
export function readDeployStatus(deployDir: string): DeployStatus | undefined {
  try {
    const parsed = statusSchema.safeParse(JSON.parse(readFileSync(path.join(deployDir, STATUS_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const now = () => new Date().toISOString();

/** The deploy's own copy of the status, written after every change. */
export class DeployJournal {
  readonly #file: string;
  #status: DeployStatus;

  constructor(deployDir: string) {
    this.#file = path.join(deployDir, STATUS_FILE);
    this.#status = readDeployStatus(deployDir) ?? statusSchema.parse({});
    // An attempt under way when the last deploy stopped never finished.
    for (const attempt of this.#status.attempts.filter((each) => each.result === 'building')) {
      Object.assign(attempt, { result: 'superseded', finished: now(), reason: 'the deploy stopped during it' });
    }
  }

  get status(): Readonly<DeployStatus> {
    return this.#status;
  }

  #save(): void {
    const temporary = `${this.#file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(this.#status, null, 2)}\n`);
    renameSync(temporary, this.#file);
  }

  /** Starts an attempt at `commit`; the returned function ends it. */
  begin(commitHash: string, subject: string): (end: Partial<Attempt> & { result: Attempt['result'] }) => void {
    const attempt: Attempt = { commit: commitHash, subject, started: now(), result: 'building' };
    this.#status.attempts = [attempt, ...this.#status.attempts].slice(0, KEPT_ATTEMPTS);
    this.#save();
    return (end) => {
      Object.assign(attempt, { finished: now(), ...end });
      this.#save();
    };
  }

  /** Whether `commitHash` was tried already and failed (it is not tried again by itself). */
  failed(commitHash: string): boolean {
    return this.#status.attempts.some((each) => each.commit === commitHash && each.result === 'failed');
  }

  checked(error?: string): void {
    this.#status.lastCheck = { at: now(), ...(error !== undefined && { error }) };
    this.#save();
  }

  /** A release that passed every step, kept (newest first, `keep` at most, the live one always). */
  addRelease(release: Release, keep: number): Release[] {
    const others = this.#status.releases.filter((each) => each.commit !== release.commit);
    this.#status.releases = [release, ...others];
    return this.prune(keep);
  }

  /** Drops the oldest releases past `keep` (never the live one) and gives those dropped. */
  prune(keep: number): Release[] {
    const live = this.#status.live?.commit;
    const kept: Release[] = [];
    const dropped: Release[] = [];
    for (const release of this.#status.releases) {
      (kept.length < keep || release.commit === live ? kept : dropped).push(release);
    }
    this.#status.releases = kept;
    this.#save();
    return dropped;
  }

  forget(commitHash: string): void {
    this.#status.releases = this.#status.releases.filter((each) => each.commit !== commitHash);
    this.#save();
  }

  setLive(release: Release, options: { rolledBack?: boolean; pinned?: string | undefined } = {}): void {
    this.#status.live = {
      commit: release.commit,
      subject: release.subject,
      since: now(),
      rolledBack: options.rolledBack ?? false,
    };
    this.#status.pinned = options.pinned;
    this.#save();
  }
}
