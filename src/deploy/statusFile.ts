/**
 * The deploy's own copy of its status (the contract: src/server/release/releaseStatus.ts), written to
 * DEPLOY_DIR/status.json after every change: a new file renamed over the old, so that a reader never
 * sees half of it. A write that fails (a full disk) is said in the log and never stops the deploy:
 * the copy in memory stays right, and the next write brings the file up to date.
 */
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { messageOf } from '../server/backup/backupError.ts';
import {
  emptyStatus,
  readDeployStatus,
  STATUS_FILE,
  type Attempt,
  type DeployStatus,
  type Release,
} from '../server/release/releaseStatus.ts';

/** How many attempts, and webhook deliveries, the status keeps. */
const KEPT_ATTEMPTS = 30;
const KEPT_DELIVERIES = 200;

const now = () => new Date().toISOString();

export type AttemptEnd = Partial<Attempt> & { result: Attempt['result'] };

export class StatusFile {
  readonly #file: string;
  readonly #log: (line: string) => void;
  #status: DeployStatus;

  constructor(deployDir: string, log: (line: string) => void) {
    this.#file = path.join(deployDir, STATUS_FILE);
    this.#log = log;
    this.#status = readDeployStatus(deployDir) ?? emptyStatus();
    // An attempt under way when the last deploy stopped never finished.
    for (const attempt of this.#status.attempts.filter((each) => each.result === 'preparing')) {
      Object.assign(attempt, { result: 'superseded', finished: now(), reason: 'the deploy stopped during it' });
    }
  }

  get status(): Readonly<DeployStatus> {
    return this.#status;
  }

  #save(): void {
    const temporary = `${this.#file}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, `${JSON.stringify(this.#status, null, 2)}\n`, { mode: 0o600 });
      renameSync(temporary, this.#file);
    } catch (error) {
      this.#log(`The status could not be written (${messageOf(error)}).`);
    }
  }

  /**
   * Starts an attempt at `commit` (or takes up the newest one again when it waited for the network);
   * the returned function updates it, and ends it with any result but `preparing`.
   */
  begin(commitHash: string, subject: string): (end: AttemptEnd) => void {
    const [last] = this.#status.attempts;
    let attempt: Attempt;
    if (last?.commit === commitHash && last.result === 'waiting') {
      attempt = last;
      Object.assign(attempt, { result: 'preparing', finished: undefined, reason: undefined });
    } else {
      attempt = { commit: commitHash, subject, started: now(), result: 'preparing' };
      this.#status.attempts = [attempt, ...this.#status.attempts].slice(0, KEPT_ATTEMPTS);
    }
    this.#save();
    return (end) => {
      Object.assign(attempt, end, end.result === 'preparing' ? {} : { finished: now() });
      this.#save();
    };
  }

  /** Whether `commitHash` failed and has not been asked to be tried again. */
  failed(commitHash: string): boolean {
    return this.#status.attempts.find((each) => each.commit === commitHash)?.result === 'failed';
  }

  /** The newest attempt, when it failed: what `retry` tries again. */
  lastFailed(): Attempt | undefined {
    const [last] = this.#status.attempts;
    return last?.result === 'failed' ? last : undefined;
  }

  checked(found: { latest?: string | undefined; error?: string | undefined }): void {
    const latest = found.latest ?? (found.error ? this.#status.lastCheck?.latest : undefined);
    this.#status.lastCheck = {
      at: now(),
      ...(latest !== undefined && { latest }),
      ...(found.error !== undefined && { error: found.error }),
    };
    this.#save();
  }

  /** Whether a webhook delivery was seen before; remembers it. */
  seenDelivery(id: string): boolean {
    if (this.#status.deliveries.includes(id)) return true;
    this.#status.deliveries = [id, ...this.#status.deliveries].slice(0, KEPT_DELIVERIES);
    this.#save();
    return false;
  }

  /**
   * A release that went live, kept (newest first, `keep` at most, the live one always); the deploy
   * removes the folders of those dropped (deployer.ts, #removeOrphans).
   */
  addRelease(release: Release, keep: number): void {
    const others = this.#status.releases.filter((each) => each.commit !== release.commit);
    const live = this.#status.live?.commit;
    this.#status.releases = [release, ...others].filter((each, index) => index < keep || each.commit === live);
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
