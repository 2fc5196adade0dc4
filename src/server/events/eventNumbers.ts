/**
 * The events store's numbers (database.ts keeps their tables): event and photo numbers only grow,
 * so a deleted one's is never given again and a shared /Events/<id> link never opens another
 * event; a deleted event is remembered (its page says it was removed); a new event's form key
 * names the event it made, so the same form sent twice makes one event.
 */
import type { DatabaseSync } from 'node:sqlite';

/** How long a new event's form key is remembered (a Back to a form shown a month ago makes a new event). */
const FORM_KEY_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

const numberOf = (row: Record<string, unknown> | undefined, column: string) => {
  const value = row?.[column];
  return typeof value === 'number' ? value : undefined;
};

/** The next number for a new row of `table`: above every number ever given there. */
export function nextId(db: DatabaseSync, table: 'events' | 'event_images'): number {
  const last = numberOf(db.prepare('SELECT last FROM id_counters WHERE name = ?').get(table), 'last') ?? 0;
  const max = db
    .prepare(table === 'events' ? 'SELECT max(events_id) AS n FROM events' : 'SELECT max(id) AS n FROM event_images')
    .get();
  return Math.max(last, numberOf(max, 'n') ?? 0) + 1;
}

/** The event the form with `formKey` made, if it made one. */
export function madeByForm(db: DatabaseSync, formKey: string): number | undefined {
  return numberOf(db.prepare('SELECT events_id FROM event_form_keys WHERE form_key = ?').get(formKey), 'events_id');
}

/** Remembers that the form with `formKey` made event `id` (and forgets keys older than a month). */
export function rememberFormKey(db: DatabaseSync, formKey: string, id: number): void {
  const now = Date.now();
  db.prepare('DELETE FROM event_form_keys WHERE created_at < ?').run(now - FORM_KEY_KEPT_MS);
  db.prepare('INSERT INTO event_form_keys (form_key, events_id, created_at) VALUES (?, ?, ?)').run(formKey, id, now);
}

/** Whether event `id` was deleted. */
export function wasRemoved(db: DatabaseSync, id: number): boolean {
  return db.prepare('SELECT 1 FROM removed_events WHERE events_id = ?').get(id) !== undefined;
}
