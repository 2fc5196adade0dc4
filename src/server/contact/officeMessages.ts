/**
 * The contact messages as the office works with them in /Admin/messages: a filtered, searchable
 * list in pages, newest first; one message opened (and so read); marked answered or not; a held
 * one moved to the inbox; deleted. Only ids and states change here: what visitors wrote is never
 * rewritten. Every query is bound (no text of a search or filter reaches the SQL itself).
 */
import type { DatabaseSync } from 'node:sqlite';
import { MESSAGE_COLUMNS, parseStoredMessage, type StoredMessage } from './messageFields.ts';

export const MESSAGE_FILTERS = ['all', 'open', 'handled', 'held'] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];

export const FILTER_LABELS: Record<MessageFilter, string> = {
  all: 'All',
  open: 'Not answered',
  handled: 'Answered',
  held: 'Held as possible spam',
};

const MESSAGES_PER_PAGE = 50;

export interface MessageQuery {
  filter: MessageFilter;
  search: string;
  /** 1-based. */
  page: number;
}

export interface MessagePage {
  messages: StoredMessage[];
  total: number;
  page: number;
  pages: number;
}

/** All holds every message, those held as possible spam too (marked so); each other filter its own. */
const FILTER_SQL: Record<MessageFilter, string> = {
  all: '1 = 1',
  open: "status = 'inbox' AND handled_at IS NULL",
  handled: "status = 'inbox' AND handled_at IS NOT NULL",
  held: "status = 'held'",
};

/** The query of a list page's address (?filter=&q=&page=), anything unknown read as its default. */
export function messageQueryOf(params: URLSearchParams): MessageQuery {
  const filter = MESSAGE_FILTERS.find((name) => name === params.get('filter')) ?? 'all';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const search = (params.get('q') ?? '').trim().slice(0, 200);
  return { filter, search, page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}

/** The list page's address for `query` (defaults left out). */
export function messageListHref(query: Partial<MessageQuery>, base = '/Admin/messages'): string {
  const params = new URLSearchParams();
  if (query.filter && query.filter !== 'all') params.set('filter', query.filter);
  if (query.search) params.set('q', query.search);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export class OfficeMessages {
  readonly #db: DatabaseSync;
  /** Whether messages are e-mailed (a held one moved to the inbox then waits to be e-mailed). */
  readonly #mails: boolean;

  constructor(db: DatabaseSync, options: { mailsMessages: boolean }) {
    this.#db = db;
    this.#mails = options.mailsMessages;
  }

  get mailsMessages(): boolean {
    return this.#mails;
  }

  #where({ filter, search }: Pick<MessageQuery, 'filter' | 'search'>): { sql: string; values: string[] } {
    if (!search) return { sql: FILTER_SQL[filter], values: [] };
    const pattern = likePattern(search);
    return {
      sql: `${FILTER_SQL[filter]} AND (name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' OR message LIKE ? ESCAPE '\\')`,
      values: [pattern, pattern, pattern],
    };
  }

  /** One page of the messages `query` asks for, newest first (a page past the end gives the last). */
  list(query: MessageQuery, perPage = MESSAGES_PER_PAGE): MessagePage {
    const { sql, values } = this.#where(query);
    const counted = this.#db.prepare(`SELECT count(*) AS n FROM contact_messages WHERE ${sql}`).get(...values)?.['n'];
    const total = typeof counted === 'number' ? counted : 0;
    const pages = Math.max(1, Math.ceil(total / perPage));
    const page = Math.min(query.page, pages);
    const messages = this.#db
      .prepare(
        `SELECT ${MESSAGE_COLUMNS} FROM contact_messages WHERE ${sql}
         ORDER BY received_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...values, perPage, (page - 1) * perPage)
      .map(parseStoredMessage);
    return { messages, total, page, pages };
  }

  /** How many messages each filter holds (with `search`, those it finds): the filters' counts. */
  counts(search = ''): Record<MessageFilter, number> {
    const counts = { all: 0, open: 0, handled: 0, held: 0 };
    for (const filter of MESSAGE_FILTERS) {
      const { sql, values } = this.#where({ filter, search });
      const n = this.#db.prepare(`SELECT count(*) AS n FROM contact_messages WHERE ${sql}`).get(...values)?.['n'];
      counts[filter] = typeof n === 'number' ? n : 0;
    }
    return counts;
  }

  /** Every message `query` matches (all pages), newest first; without a query, every message. */
  all(query?: Pick<MessageQuery, 'filter' | 'search'>): StoredMessage[] {
    const { sql, values } = query ? this.#where(query) : { sql: '1', values: [] };
    return this.#db
      .prepare(`SELECT ${MESSAGE_COLUMNS} FROM contact_messages WHERE ${sql} ORDER BY received_at DESC, id DESC`)
      .all(...values)
      .map(parseStoredMessage);
  }

  get(id: number): StoredMessage | undefined {
    const row = this.#db.prepare(`SELECT ${MESSAGE_COLUMNS} FROM contact_messages WHERE id = ?`).get(id);
    return row ? parseStoredMessage(row) : undefined;
  }

  /** Messages in the inbox nobody has opened yet (the count beside the Messages link). */
  unreadCount(): number {
    const n = this.#db
      .prepare("SELECT count(*) AS n FROM contact_messages WHERE status = 'inbox' AND read_at IS NULL")
      .get()?.['n'];
    return typeof n === 'number' ? n : 0;
  }

  /** Notes that the message was opened (the first time only). */
  markRead(id: number, at = new Date()): void {
    this.#db
      .prepare('UPDATE contact_messages SET read_at = ? WHERE id = ? AND read_at IS NULL')
      .run(at.toISOString(), id);
  }

  /** Marks it answered (handled) or not; false when there is no such message. */
  setHandled(id: number, handled: boolean, at = new Date()): boolean {
    const result = this.#db
      .prepare('UPDATE contact_messages SET handled_at = ? WHERE id = ?')
      .run(handled ? at.toISOString() : null, id);
    return Number(result.changes) === 1;
  }

  /** Moves a held message to the inbox (to be e-mailed when mail is set up); false when none was held. */
  release(id: number, at = new Date()): boolean {
    const result = this.#db
      .prepare(
        `UPDATE contact_messages SET status = 'inbox', held_reason = '', delivery_state = ?, next_attempt_at = ?
         WHERE id = ? AND status = 'held'`,
      )
      .run(this.#mails ? 'pending' : 'stored', this.#mails ? at.toISOString() : null, id);
    return Number(result.changes) === 1;
  }

  /** Deletes the message; false when there was none. */
  delete(id: number): boolean {
    return Number(this.#db.prepare('DELETE FROM contact_messages WHERE id = ?').run(id).changes) === 1;
  }
}
