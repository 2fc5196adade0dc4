/**
 * Contact messages in the site's SQLite store (table contact_messages, see src/server/database.ts).
 * Times are ISO 8601 strings in UTC, so they sort and compare as text.
 */
import type { DatabaseSync } from 'node:sqlite';
import { CONTACT_FIELDS, type ContactMessage } from '../../lib/contactForm.ts';
import { MESSAGE_COLUMNS as COLUMNS, parseStoredMessage, type StoredMessage } from './messageFields.ts';

// The message's type, for code that reads messages through the store (the admin's message pages).
export type { StoredMessage } from './messageFields.ts';

/** A message claimed for sending longer ago than this is taken to have been abandoned (a crash). */
const CLAIM_TIMEOUT_MS = 10 * 60_000;

export class ContactMessageStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /**
   * Stores a message unless one with the same form nonce is already there (the same form sent
   * twice): then `duplicate`, and `sameText` says whether that one has the same fields (a second
   * press of Submit) or other ones (the form sent again with a correction, which is not stored).
   * `deliver`: whether it waits to be e-mailed ('pending') or is only kept ('stored').
   * `heldReason`: why the anti-spam rules suspect it; it is then held (kept, never e-mailed).
   */
  add(
    message: ContactMessage,
    formNonce: string,
    receivedAt: Date,
    deliver: boolean,
    heldReason = '',
  ): { id: number; duplicate: false } | { id: number; duplicate: true; sameText: boolean } {
    const held = heldReason !== '';
    deliver &&= !held;
    const inserted = this.#db
      .prepare(
        `INSERT INTO contact_messages (${CONTACT_FIELDS.join(', ')}, received_at, form_nonce, delivery_state, next_attempt_at, status, held_reason)
         VALUES (${CONTACT_FIELDS.map(() => '?').join(', ')}, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(form_nonce) DO NOTHING
         RETURNING id`,
      )
      .get(
        ...CONTACT_FIELDS.map((field) => message[field]),
        receivedAt.toISOString(),
        formNonce,
        deliver ? 'pending' : 'stored',
        deliver ? receivedAt.toISOString() : null,
        held ? 'held' : 'inbox',
        heldReason.slice(0, 200),
      );
    if (typeof inserted?.['id'] === 'number') return { id: inserted['id'], duplicate: false };
    const existing = this.#db
      .prepare(`SELECT id, ${CONTACT_FIELDS.join(', ')} FROM contact_messages WHERE form_nonce = ?`)
      .get(formNonce);
    const id = existing?.['id'];
    if (typeof id !== 'number') throw new Error('The message was neither stored nor found');
    const sameText = CONTACT_FIELDS.every((field) => existing?.[field] === message[field]);
    return { id, duplicate: true, sameText };
  }

  /** Every message, newest first. */
  list(): StoredMessage[] {
    return this.#db
      .prepare(`SELECT ${COLUMNS} FROM contact_messages ORDER BY received_at DESC, id DESC`)
      .all()
      .map(parseStoredMessage);
  }

  count(): number {
    const row = this.#db.prepare('SELECT COUNT(*) AS n FROM contact_messages').get();
    return typeof row?.['n'] === 'number' ? row['n'] : 0;
  }

  /**
   * Claims up to `limit` messages that are due to be e-mailed (pending and due, or claimed long
   * ago by a process that never finished), marking them 'sending'. One UPDATE does it, so two
   * processes never claim the same message.
   */
  claimDue(now: Date, limit = 20): StoredMessage[] {
    const at = now.toISOString();
    const abandoned = new Date(now.getTime() - CLAIM_TIMEOUT_MS).toISOString();
    return this.#db
      .prepare(
        `UPDATE contact_messages SET delivery_state = 'sending', claimed_at = ?
         WHERE id IN (
           SELECT id FROM contact_messages
           WHERE (delivery_state = 'pending' AND next_attempt_at <= ?)
              OR (delivery_state = 'sending' AND claimed_at <= ?)
           ORDER BY id LIMIT ?)
         RETURNING ${COLUMNS}`,
      )
      .all(at, at, abandoned, limit)
      .map(parseStoredMessage)
      .sort((a, b) => a.id - b.id);
  }

  markSent(id: number, at: Date) {
    this.#db
      .prepare(
        `UPDATE contact_messages SET delivery_state = 'sent', sent_at = ?, attempts = attempts + 1,
           last_error = NULL, claimed_at = NULL, next_attempt_at = NULL WHERE id = ?`,
      )
      .run(at.toISOString(), id);
  }

  /** Puts a message back in the queue after a failed attempt, to be tried again at `retryAt`. */
  markFailed(id: number, error: string, retryAt: Date) {
    this.#db
      .prepare(
        `UPDATE contact_messages SET delivery_state = 'pending', attempts = attempts + 1, last_error = ?,
           claimed_at = NULL, next_attempt_at = ? WHERE id = ?`,
      )
      .run(error.slice(0, 500), retryAt.toISOString(), id);
  }

  close() {
    if (this.#db.isOpen) this.#db.close();
  }

  /** Deletes messages received before `cutoff` (the retention period of the privacy notice). */
  deleteReceivedBefore(cutoff: Date): number {
    const result = this.#db.prepare('DELETE FROM contact_messages WHERE received_at < ?').run(cutoff.toISOString());
    return Number(result.changes);
  }

  /** Deletes messages held as possible spam received before `cutoff` (their shorter retention). */
  deleteHeldBefore(cutoff: Date): number {
    const result = this.#db
      .prepare("DELETE FROM contact_messages WHERE status = 'held' AND received_at < ?")
      .run(cutoff.toISOString());
    return Number(result.changes);
  }
}
