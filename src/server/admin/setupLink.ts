/**
 * The first owner, from the browser. While the store has no account, the server keeps one setup link
 * (/Admin/setup?token=…) that lets a person choose the first owner's name, e-mail and password. Like
 * the other one-time links (oneTimeLinks.ts) the store keeps only its token's SHA-256; the address
 * itself is printed by the server and written to DATA_DIR/setup-link.txt (readable by the site's
 * user only), where `npm run deploy -- status` finds it. A link lasts 24 hours and works once; an
 * expired one is replaced by a new one (printed again). Once an account exists, no link is made and
 * the file goes.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { formatIndiaDateTime } from '../../lib/indiaTime.ts';
import { transaction } from '../database.ts';
import { hashToken, newSessionToken } from './sessions.ts';
import { PRIVATE_FILE_MODE } from '../privateFiles.ts';

export const SETUP_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The file in DATA_DIR holding the current setup link's address and when it ends. */
export const SETUP_LINK_FILE = 'setup-link.txt';

export type SetupProblem = 'unknown' | 'used' | 'expired' | 'done';

/** Where the maintainer finds the newest setup link. */
const WHERE_THE_LINK_IS =
  'The server prints the newest setup link when it starts and whenever it makes a new one (with Docker Compose: "docker compose logs site"; with systemd: "journalctl -u isa-site"), and "npm run deploy -- status" shows it.';

/** Why a setup link cannot be used, in plain words, and where the maintainer finds a new one. */
export const SETUP_PROBLEMS: Record<SetupProblem, { text: string; detail?: string }> = {
  unknown: {
    text: 'This setup link does not work: a newer one may have replaced it. Ask the person who looks after the server for the newest.',
    detail: WHERE_THE_LINK_IS,
  },
  used: { text: 'This setup link has already been used. Sign in with the account it made.' },
  expired: {
    text: 'This setup link has expired (setup links last 24 hours). Ask the person who looks after the server for the new one.',
    detail: WHERE_THE_LINK_IS,
  },
  done: { text: 'The site already has an owner. Sign in, or ask an owner for an invitation.' },
};

/** Where to find the setup link, for the sign-in page of a store without accounts (never the link itself). */
export const WHERE_THE_SETUP_LINK_IS = {
  text: 'This site has no account yet. Its first owner is made with a setup link, which works once, for 24 hours: ask the person who looks after the server for it.',
  detail: `${WHERE_THE_LINK_IS} An expired link is replaced by a new one.`,
};

export interface CurrentSetupLink {
  address: string;
  expiresAt: number;
}

function hasAccounts(db: DatabaseSync): boolean {
  return db.prepare('SELECT 1 FROM admin_users LIMIT 1').get() !== undefined;
}

/** The setup link's address on the site's public origin. */
function setupAddress(publicOrigin: string, token: string): string {
  return new URL(`/Admin/setup?token=${encodeURIComponent(token)}`, publicOrigin).href;
}

/** The setup link recorded in `dataDir` (for `npm run deploy -- status`), when there is one not yet expired. */
export function readSetupLinkFile(dataDir: string, now = Date.now()): CurrentSetupLink | undefined {
  try {
    const [address = '', until = ''] = readFileSync(path.join(dataDir, SETUP_LINK_FILE), 'utf8').split('\n');
    const expiresAt = Date.parse(until);
    return address.startsWith('http') && expiresAt > now ? { address, expiresAt } : undefined;
  } catch {
    return undefined;
  }
}

export class SetupLinks {
  readonly #db: DatabaseSync;
  readonly #dataDir: string;
  readonly #publicOrigin: string;
  readonly #now: () => number;

  constructor(db: DatabaseSync, dataDir: string, publicOrigin: string, now: () => number = Date.now) {
    this.#db = db;
    this.#dataDir = dataDir;
    this.#publicOrigin = publicOrigin;
    this.#now = now;
  }

  /** Whether the site still needs its first owner (no account at all). */
  needed(): boolean {
    return !hasAccounts(this.#db);
  }

  /**
   * Keeps one valid link while the store has no account: gives a new one when there was none or it
   * expired (the caller prints it), undefined when the current one still holds or no link is needed.
   */
  refresh(): CurrentSetupLink | undefined {
    const file = path.join(this.#dataDir, SETUP_LINK_FILE);
    if (!this.needed()) {
      rmSync(file, { force: true });
      return undefined;
    }
    const now = this.#now();
    const recorded = readSetupLinkFile(this.#dataDir, now);
    const token = recorded && new URL(recorded.address).searchParams.get('token');
    if (token && this.#row(token)?.used_at === null) return undefined;
    const fresh = newSessionToken();
    const expiresAt = now + SETUP_LINK_LIFETIME_MS;
    transaction(this.#db, () => {
      this.#db.prepare('DELETE FROM setup_links WHERE used_at IS NULL').run();
      this.#db
        .prepare('INSERT INTO setup_links (token_hash, created_at, expires_at) VALUES (?, ?, ?)')
        .run(hashToken(fresh), now, expiresAt);
    });
    const address = setupAddress(this.#publicOrigin, fresh);
    writeFileSync(file, `${address}\n${new Date(expiresAt).toISOString()}\n`, { mode: PRIVATE_FILE_MODE });
    return { address, expiresAt };
  }

  #row(token: string): { used_at: number | null; expires_at: number } | undefined {
    if (!token || token.length > 64) return undefined;
    const row = this.#db
      .prepare('SELECT used_at, expires_at FROM setup_links WHERE token_hash = ?')
      .get(hashToken(token));
    if (!row) return undefined;
    const usedAt = row['used_at'];
    return { used_at: typeof usedAt === 'number' ? usedAt : null, expires_at: Number(row['expires_at']) };
  }

  /** Why the link of `token` cannot be used, or undefined when it can; changes nothing. */
  problem(token: string): SetupProblem | undefined {
    const row = this.#row(token);
    if (!row) return 'unknown';
    if (row.used_at !== null) return 'used';
    if (!this.needed()) return 'done';
    if (row.expires_at <= this.#now()) return 'expired';
    return undefined;
  }

  /**
   * Marks the link of `token` used, in one write transaction, when it still holds and no account exists;
   * otherwise gives why not. Two uses at once: one claims it, the other is told it was used.
   */
  claim(token: string): SetupProblem | undefined {
    const now = this.#now();
    return transaction(this.#db, () => {
      const problem = this.problem(token);
      if (!problem) {
        this.#db.prepare('UPDATE setup_links SET used_at = ? WHERE token_hash = ?').run(now, hashToken(token));
      }
      return problem;
    });
  }

  /** The link's file goes once an account exists. */
  forgetFile(): void {
    rmSync(path.join(this.#dataDir, SETUP_LINK_FILE), { force: true });
  }
}

/** The line the server prints for a new setup link. */
export function setupLinkLine(link: CurrentSetupLink): string {
  return `First owner: the site has no account yet. Open this setup link to make the first owner (it works once, until ${formatIndiaDateTime(link.expiresAt)}): ${link.address}`;
}

/** Keeps a setup link while the store has no account, printing each new one with `say`; gives the stop. */
export function watchSetupLink(setup: SetupLinks, say: (line: string) => void, everyMs = 60_000): () => void {
  const check = () => {
    const fresh = setup.refresh();
    if (fresh) say(setupLinkLine(fresh));
  };
  check();
  const timer = setInterval(check, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
