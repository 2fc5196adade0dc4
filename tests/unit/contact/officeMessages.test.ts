import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import { ContactMessageStore } from '../../../src/server/contact/messageStore.ts';
import {
  OfficeMessages,
  messageListHref,
  messageQueryOf,
  type MessageQuery,
} from '../../../src/server/contact/officeMessages.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { contactMessage } from './messageBuilder.ts';

const START = Date.UTC(2026, 10, 1, 9);

describe('the office’s messages', () => {
  let db: DatabaseSync;
  let store: ContactMessageStore;
  let office: OfficeMessages;

  function add(name: string, minutes: number, held = '', message = `Hello from ${name}`) {
    return store.add(
      contactMessage({ name, email: `${name.toLowerCase().replaceAll(' ', '.')}@example.org`, phone: '', message }),
      `nonce-${name}-${minutes}`,
      new Date(START + minutes * 60_000),
      false,
      held,
    ).id;
  }

  const query = (overrides: Partial<MessageQuery> = {}): MessageQuery => ({
    filter: 'all',
    search: '',
    page: 1,
    ...overrides,
  });
  const names = (overrides: Partial<MessageQuery> = {}) =>
    office.list(query(overrides)).messages.map((message) => message.name);

  beforeEach(() => {
    db = openDatabase(mkdtempSync(path.join(tmpdir(), 'office-messages-'))).db;
    store = new ContactMessageStore(db);
    office = new OfficeMessages(db, { mailsMessages: true });
  });

  describe('reads an address leniently', () => {
    it.each([
      ['nothing', '', { filter: 'all', search: '', page: 1 }],
      ['an unknown filter and a bad page', 'filter=drop&page=-3', { filter: 'all', search: '', page: 1 }],
      ['a page that is not a number', 'page=1e9x', { filter: 'all', search: '', page: 1 }],
      ['a filter, a search and a page', 'filter=held&q=%20cme%20&page=2', { filter: 'held', search: 'cme', page: 2 }],
    ])('%s', (_label, search, expected) => {
      expect(messageQueryOf(new URLSearchParams(search))).toEqual(expected);
    });

    it('and writes the address back without defaults', () => {
      expect(messageListHref({ filter: 'all', search: '', page: 1 })).toBe('/Admin/messages');
      expect(messageListHref({ filter: 'open', search: 'a&b', page: 2 })).toBe(
        '/Admin/messages?filter=open&q=a%26b&page=2',
      );
    });
  });

  it('lists newest first, each filter its own, held ones under theirs and in All, each filter counted', () => {
    add('Old', 1);
    const handled = add('Handled', 2);
    add('Held', 3, 'Sent 1 seconds after the page opened.');
    add('New', 4);
    office.setHandled(handled, true);
    expect(names()).toEqual(['New', 'Held', 'Handled', 'Old']);
    expect(office.counts()).toEqual({ all: 4, open: 2, handled: 1, held: 1 });
    expect(names({ filter: 'open' })).toEqual(['New', 'Old']);
    expect(names({ filter: 'handled' })).toEqual(['Handled']);
    expect(names({ filter: 'held' })).toEqual(['Held']);
    office.setHandled(handled, false);
    expect(names({ filter: 'handled' })).toEqual([]);
  });

  it('searches name, e-mail and text, taking % and _ literally', () => {
    add('Priya', 1, '', 'About the CME on 100% attendance');
    add('Ravi', 2, '', 'Membership fees');
    add('Other', 3, '', 'ravi.k@example.net asked me');
    expect(names({ search: 'cme' })).toEqual(['Priya']);
    expect(names({ search: 'RAVI' })).toEqual(['Other', 'Ravi']);
    expect(names({ search: '100%' })).toEqual(['Priya']);
    expect(names({ search: '%' })).toEqual(['Priya']);
    expect(names({ search: '_' })).toEqual([]);
  });

  it('pages through many messages, a page past the end giving the last', () => {
    for (let i = 0; i < 120; i += 1) add(`Person ${i}`, i);
    const second = office.list(query({ page: 2 }));
    expect(second).toMatchObject({ total: 120, page: 2, pages: 3 });
    expect(second.messages[0]?.name).toBe('Person 69');
    expect(office.list(query({ page: 99 }))).toMatchObject({ page: 3, messages: expect.any(Array) });
    expect(office.list(query({ page: 99 })).messages).toHaveLength(20);
  });

  it('answers the list from an index, not by reading and sorting every message', () => {
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT id FROM contact_messages WHERE status = 'inbox' ORDER BY received_at DESC, id DESC LIMIT 50",
      )
      .all()
      .map((row) => String(row['detail']))
      .join('\n');
    expect(plan).toMatch(/USING (COVERING )?INDEX contact_messages_by_status_time/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('counts unread inbox messages, and opening one reads it once', () => {
    const first = add('First', 1);
    add('Second', 2);
    add('Held', 3, 'honeypot');
    expect(office.unreadCount()).toBe(2);
    office.markRead(first, new Date(START + 10 * 60_000));
    office.markRead(first, new Date(START + 20 * 60_000));
    expect(office.unreadCount()).toBe(1);
    expect(office.get(first)?.read_at).toBe(new Date(START + 10 * 60_000).toISOString());
  });

  it('moves a held message to the inbox with one action, to be e-mailed when mail is set up', () => {
    const held = add('Held', 1, 'The hidden field was filled in.');
    expect(office.release(held, new Date(START))).toBe(true);
    expect(office.get(held)).toMatchObject({ status: 'inbox', held_reason: '', delivery_state: 'pending' });
    expect(office.release(held)).toBe(false);
  });

  it('deletes a message, and says when there was none', () => {
    const id = add('Gone', 1);
    expect(office.delete(id)).toBe(true);
    expect(office.get(id)).toBeUndefined();
    expect(office.delete(id)).toBe(false);
    expect(office.setHandled(id, true)).toBe(false);
  });
});
