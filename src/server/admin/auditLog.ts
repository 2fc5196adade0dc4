/**
 * Who changed what, and when: every write of the events admin (and of `npm run admin` and
 * `npm run events:import`) leaves a
 * row here, shown on /Admin/audit. Rows are never changed or deleted by the site.
 */
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';

export type AuditAction =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-locked'
  | 'sign-in-unlocked'
  | 'sign-out'
  | 'event-created'
  | 'event-saved'
  | 'event-published'
  | 'event-unpublished'
  | 'event-deleted'
  | 'event-imported'
  | 'photo-added'
  | 'photo-removed'
  | 'photos-arranged'
  | 'user-added'
  | 'user-password-set'
  | 'user-removed'
  | 'sign-out-everywhere'
  | 'user-invited'
  | 'user-reset-link'
  | 'user-role-changed'
  | 'password-changed'
  | 'link-used'
  | 'link-withdrawn'
  | 'messages-listed'
  | 'message-read'
  | 'message-handled'
  | 'message-not-handled'
  | 'message-released'
  | 'message-deleted'
  | 'messages-exported';

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

  /** The latest rows, newest first. */
  recent(limit = 200): AuditRow[] {
    return this.#db
      .prepare('SELECT * FROM audit_log ORDER BY id DESC LIMIT ?')
      .all(limit)
      .map((row) => rowSchema.parse(row));
  }
}
