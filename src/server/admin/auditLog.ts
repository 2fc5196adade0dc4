/**
 * Who changed what, and when: every write of the events admin (and of `npm run admin` and
 * `npm run events:import`), every failed sign-in, lock and lock lifted, and who first read which
 * contact message leave a row here, shown on /Admin/audit, a page at a time, with filters (who,
 * what, from which day to which). Page views are not rows: reloading a list 300 times must not push
 * a deletion out of sight. Rows are never changed or deleted by the site.
 */
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import type { AdminRole } from './roles.ts';

/** Every action a row can name, in the order the audit page offers them. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-in-locked',
  'sign-in-unlocked',
  'sign-out',
  'sign-out-everywhere',
  'event-created',
  'event-saved',
  'event-published',
  'event-unpublished',
  'event-deleted',
  'event-imported',
  'photo-added',
  'photo-removed',
  'photos-arranged',
  'user-added',
  'user-password-set',
  'user-removed',
  'user-invited',
  'user-reset-link',
  'user-role-changed',
  'password-changed',
  'link-withdrawn',
  'message-read',
  'message-handled',
  'message-not-handled',
  'message-released',
  'message-deleted',
  'messages-exported',
  'release-retried',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Rows about other people's sign-ins (with the addresses they came from): owners see them all, editors their own. */
const SIGN_IN_SECURITY: readonly AuditAction[] = ['sign-in-failed', 'sign-in-locked', 'sign-in-unlocked'];

export interface AuditEntry {
  username: string;
  action: AuditAction;
  eventId?: number | undefined;
  /** A short description for people: a title, a photo's description. */
  detail?: string;
}

const rowSchema = z.object({
  id: z.number(),
  at: z.string(),
  username: z.string(),
  action: z.string(),
  events_id: z.number().nullable(),
  detail: z.string(),
});

export type AuditRow = z.infer<typeof rowSchema>;

const day = z.iso.date();

/**
 * What the audit page asks for, read from its address with zod: a value that is not one (an
 * unknown action, a day that is no date) is left out, never an error.
 */
export const auditQuerySchema = z.object({
  who: z.string().trim().min(1).max(64).optional().catch(undefined),
  what: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  /** The page: rows older than the row with this id (none: the newest). */
  before: z.coerce.number().int().positive().optional().catch(undefined),
});

export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Who is looking: owners see every row; editors every row but other accounts' failed sign-ins and locks. */
export interface AuditViewer {
  username: string;
  role: AdminRole;
}

export interface AuditPage {
  rows: AuditRow[];
  /** How many rows match the filters, on every page. */
  total: number;
  /** How many matching rows are newer than this page (its first row is number `newer + 1`). */
  newer: number;
  /** The `before` of the next (older) page, when there is one. */
  olderBefore: number | undefined;
  /** The `before` of the previous (newer) page, when there is one (undefined and `newer` > 0: the newest page). */
  newerBefore: number | undefined;
}

export const AUDIT_PAGE_SIZE = 100;

/** The start of day `date` (YYYY-MM-DD) in India (UTC+05:30, no daylight saving), as the store's ISO time. */
function indiaDayStart(date: string, plusDays = 0): string {
  const start = new Date(`${date}T00:00:00+05:30`);
  return new Date(start.getTime() + plusDays * 24 * 60 * 60 * 1000).toISOString();
}

export class AuditLog {
  readonly #db: DatabaseSync;
  readonly #now: () => Date;

  constructor(db: DatabaseSync, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  record({ username, action, eventId, detail = '' }: AuditEntry): void {
    this.#db
      .prepare('INSERT INTO audit_log (at, username, action, events_id, detail) VALUES (?, ?, ?, ?, ?)')
      .run(this.#now().toISOString(), username, action, eventId ?? null, detail.slice(0, 300));
  }

  /** Whether a row with exactly this name, action and detail exists (who first read a message). */
  has({ username, action, detail = '' }: Omit<AuditEntry, 'eventId'>): boolean {
    const found = this.#db
      .prepare('SELECT 1 FROM audit_log WHERE action = ? AND username = ? AND detail = ? LIMIT 1')
      .get(action, username, detail.slice(0, 300));
    return found !== undefined;
  }

  /** The latest rows, newest first. */
  recent(limit = 200): AuditRow[] {
    return this.#db
      .prepare('SELECT * FROM audit_log ORDER BY id DESC LIMIT ?')
      .all(limit)
      .map((row) => rowSchema.parse(row));
  }

  /** The names rows are under, for the page's filter. */
  names(): string[] {
    return this.#db
      .prepare('SELECT DISTINCT username FROM audit_log ORDER BY username COLLATE NOCASE')
      .all()
      .map((row) => z.object({ username: z.string() }).parse(row).username);
  }

  /** One page of the rows `viewer` may see that match `query`, newest first. */
  page(query: AuditQuery, viewer: AuditViewer, size = AUDIT_PAGE_SIZE): AuditPage {
    const where: string[] = [];
    const values: (string | number)[] = [];
    if (viewer.role !== 'owner') {
      where.push(`(action NOT IN (${SIGN_IN_SECURITY.map(() => '?').join(', ')}) OR username = ? COLLATE NOCASE)`);
      values.push(...SIGN_IN_SECURITY, viewer.username);
    }
    if (query.who) {
      where.push('username = ? COLLATE NOCASE');
      values.push(query.who);
    }
    if (query.what) {
      where.push('action = ?');
      values.push(query.what);
    }
    if (query.from) {
      where.push('at >= ?');
      values.push(indiaDayStart(query.from));
    }
    if (query.to) {
      where.push('at < ?');
      values.push(indiaDayStart(query.to, 1));
    }
    const filter = where.length > 0 ? where.join(' AND ') : '1';
    const count = (extra: string, ...more: number[]) => {
      const n = this.#db
        .prepare(`SELECT count(*) AS n FROM audit_log WHERE ${filter}${extra}`)
        .get(...values, ...more)?.['n'];
      return typeof n === 'number' ? n : 0;
    };
    const before = query.before ?? Number.MAX_SAFE_INTEGER;
    const rows = this.#db
      .prepare(`SELECT * FROM audit_log WHERE ${filter} AND id < ? ORDER BY id DESC LIMIT ?`)
      .all(...values, before, size + 1)
      .map((row) => rowSchema.parse(row));
    const older = rows.length > size ? rows.pop() : undefined;
    const first = rows[0];
    const newer = first ? count(' AND id > ?', first.id) : count(' AND id >= ?', before);
    // The newer page ends with the row `size` places above this page's first: its `before` is one past that row.
    const newest = this.#db
      .prepare(
        `SELECT max(id) AS id FROM (SELECT id FROM audit_log WHERE ${filter} AND id >= ? ORDER BY id ASC LIMIT ?)`,
      )
      .get(...values, first ? first.id + 1 : before, size)?.['id'];
    return {
      rows,
      total: count(''),
      newer,
      olderBefore: older ? (rows.at(-1)?.id ?? undefined) : undefined,
      newerBefore: newer > size && typeof newest === 'number' ? newest + 1 : undefined,
    };
  }
}
