/**
 * How much of the server password checks may take. Each check is argon2id at 64 MiB (passwords.ts):
 * about 75 ms of one core. Unbudgeted, a flood of sign-ins from many addresses took the median of a
 * public page from 9 ms to 425 ms. So at most CHECKS_AT_ONCE run at once (half the cores,
 * at least one: visitors keep the rest), a few wait their turn, and a check beyond that is refused at
 * once (the sign-in page answers 429 with Retry-After) instead of waiting seconds for a slot.
 * Browsers that showed a device cookie (deviceCookies.ts), and signed-in staff checking their current
 * password, wait in a room of their own and go first: a flood of strangers' attempts fills only the
 * strangers' room. The queue and its priorities are p-queue's.
 */
import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';

/** Checks that run at once: half the cores (1 on the 2-core server). */
const CHECKS_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));
/** Checks of strangers (no device cookie) that may wait: about 0.6 s of work at most at 75 ms each. */
const STRANGERS_WAITING = 8;
/** Checks of known browsers that may wait (they go before strangers). */
const KNOWN_WAITING = 4;
/** What a refused check is told to wait (Retry-After), in seconds. */
export const RETRY_AFTER_SECONDS = 2;

/** Who asks for a check: a browser that signed in to this account before (or a session), or anyone else. */
export type Asker = 'known' | 'stranger';

const PRIORITY: Record<Asker, number> = { known: 1, stranger: 0 };

export interface BudgetSize {
  atOnce: number;
  strangersWaiting: number;
  knownWaiting: number;
}

export class PasswordBudget {
  readonly #queue: PQueue;
  readonly #waiting: Record<Asker, number>;

  constructor({
    atOnce = CHECKS_AT_ONCE,
    strangersWaiting = STRANGERS_WAITING,
    knownWaiting = KNOWN_WAITING,
  }: Partial<BudgetSize> = {}) {
    this.#queue = new PQueue({ concurrency: atOnce });
    this.#waiting = { known: knownWaiting, stranger: strangersWaiting };
  }

  /**
   * Whether a check for `asker` would be taken now. `run` right after it (with no await between)
   * takes it: this process is single-threaded.
   */
  hasRoom(asker: Asker): boolean {
    const running = this.#queue.pending < this.#queue.concurrency;
    return running || this.#queue.sizeBy({ priority: PRIORITY[asker] }) < this.#waiting[asker];
  }

  /** Runs `check` within the budget, or answers undefined at once when `asker`'s waiting room is full. */
  run<T>(asker: Asker, check: () => Promise<T>): Promise<T> | undefined {
    if (!this.hasRoom(asker)) return undefined;
    return this.#queue.add(check, { priority: PRIORITY[asker] });
  }
}
