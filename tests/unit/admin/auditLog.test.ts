/**
 * The audit log's page (src/server/admin/auditLog.ts): what its address may ask, every row reachable a
 * page at a time, the filters, who sees what, and page views that are not rows.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import { createOfficeServices, type AdminServices } from '../../../src/server/admin/adminServices.ts';
import {
  AUDIT_PAGE_SIZE,
  AuditLog,
  auditQuerySchema,
  type AuditQuery,
  type AuditViewer,
} from '../../../src/server/admin/auditLog.ts';
import { readMessage } from '../../../src/server/admin/messageService.ts';
import { ContactMessageStore } from '../../../src/server/contact/messageStore.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { contactMessage } from '../contact/messageBuilder.ts';

const OWNER: AuditViewer = { username: 'asha', role: 'owner' };
const EDITOR: AuditViewer = { username: 'bala', role: 'editor' };

describe('the audit page’s address', () => {
  it.each([
    ['an empty name', { who: '' }, {}],
    ['a name of 65 characters', { who: 'x'.repeat(65) }, {}],
    ['an action that is none', { what: 'constructor' }, {}],
    ['a day that is no date', { from: '2025-02-30', to: 'yesterday' }, {}],
    ['a page that is no row', { before: '-3' }, {}],
    ['a page that is no number', { before: 'valueOf' }, {}],
    ['fields it does not know', { __proto__: 'x', toString: 'y' }, {}],
  ])('leaves out %s', (_what, search, expected) => {
    expect(auditQuerySchema.parse(search)).toEqual(expected);
  });

  it('reads what it knows', () => {
    expect(
      auditQuerySchema.parse({
        who: ' asha ',
        what: 'event-deleted',
        from: '2025-01-01',
        to: '2025-01-31',
        before: '120',
      }),
    ).toEqual({ who: 'asha', what: 'event-deleted', from: '2025-01-01', to: '2025-01-31', before: 120 });
  });
});

describe('the audit page', () => {
  let audit: AuditLog;
  let services: AdminServices;
  let clock: Date;
  let db: DatabaseSync;

  beforeEach(() => {
    db = openDatabase(mkdtempSync(path.join(tmpdir(), 'admin-audit-'))).db;
    clock = new Date('2025-01-31T10:00:00Z');
    audit = new AuditLog(db, () => clock);
    services = { ...createOfficeServices(db, { publicOrigin: 'https://isa.example.org' }), audit };
  });

  /** Every row `viewer` reaches from the first page by Older rows, then back by Newer rows. */
  function walk(query: AuditQuery, viewer = OWNER) {
    const pages = [audit.page(query, viewer)];
    for (let page = pages[0]; page?.olderBefore !== undefined;) {
      page = audit.page({ ...query, before: page.olderBefore }, viewer);
      pages.push(page);
    }
    const back = [pages.at(-1)];
    for (let page = back[0]; page?.newerBefore !== undefined;) {
      page = audit.page({ ...query, before: page.newerBefore }, viewer);
      back.push(page);
    }
    return { pages, back };
  }

  it('reaches every row, a page at a time, and comes back, however many there are', () => {
    for (let i = 1; i <= 350; i += 1) audit.record({ username: 'asha', action: 'event-saved', detail: `save ${i}` });
    const { pages, back } = walk({});
    expect(pages.map((page) => page.rows.length)).toEqual([100, 100, 100, 50]);
    expect(pages.map((page) => page.newer)).toEqual([0, 100, 200, 300]);
    expect(pages.every((page) => page.total === 350)).toBe(true);
    const ids = pages.flatMap((page) => page.rows.map((row) => row.id));
    expect(ids).toEqual(Array.from({ length: 350 }, (_, i) => 350 - i));
    // Back from the last page by Newer rows: the same pages; the second page's Newer leads to the newest (no `before`).
    expect(back.map((page) => page?.rows[0]?.id)).toEqual([50, 150, 250]);
    expect(pages[1]?.newerBefore).toBeUndefined();
    expect(AUDIT_PAGE_SIZE).toBe(100);
  });

  it('310 page loads leave a deletion on the first page: a message opened again is no second row', async () => {
    const asha = await services.users.add('asha', 'the owner password', { role: 'owner' });
    const session = services.sessions.create(asha.id).session;
    const visitor = contactMessage({ name: 'Dr. Visitor' });
    const { id } = new ContactMessageStore(db).add(visitor, 'nonce-1', clock, false);
    const message = services.messages.get(id);
    if (!message) throw new Error('the message was not stored');
    audit.record({ username: 'asha', action: 'event-deleted', eventId: 7, detail: 'Salem CME' });
    const locals = { mode: 'signed-in', services, session, form: new URLSearchParams() } as const;
    for (let i = 0; i < 310; i += 1) readMessage(locals, message);
    expect(audit.page({}, OWNER).rows.map((row) => `${row.username} ${row.action} ${row.detail}`)).toEqual([
      `asha message-read message ${id}`,
      'asha event-deleted Salem CME',
    ]);
  });

  it.each([
    ['who, in any letter case', { who: 'BALA' }, ['bala event-saved', 'bala sign-in']],
    ['what', { what: 'sign-in' }, ['bala sign-in', 'asha sign-in']],
    ['from a day (India’s, from 00:00 IST)', { from: '2025-02-01' }, ['bala event-saved']],
    ['to a day (India’s, to 24:00 IST)', { to: '2025-01-31' }, ['bala sign-in', 'asha sign-in']],
    [
      'who, what and when at once',
      { who: 'asha', what: 'sign-in', from: '2025-01-31', to: '2025-01-31' },
      ['asha sign-in'],
    ],
  ] as const)('filters by %s', (_what, query, expected) => {
    audit.record({ username: 'asha', action: 'sign-in' });
    clock = new Date('2025-01-31T18:29:00Z'); // 23:59 in India
    audit.record({ username: 'bala', action: 'sign-in' });
    clock = new Date('2025-01-31T18:31:00Z'); // 00:01 on 1 February in India
    audit.record({ username: 'bala', action: 'event-saved' });
    expect(audit.page(query, OWNER).rows.map((row) => `${row.username} ${row.action}`)).toEqual(expected);
  });

  it('shows owners every failed sign-in and lock, editors only their own', () => {
    audit.record({ username: 'asha', action: 'sign-in-failed', detail: 'from 203.0.113.1' });
    audit.record({ username: 'bala', action: 'sign-in-failed', detail: 'from 203.0.113.2' });
    audit.record({ username: '(unknown name)', action: 'sign-in-locked', detail: 'for every name from the network' });
    audit.record({ username: 'asha', action: 'event-saved' });
    const seen = (viewer: AuditViewer) => audit.page({}, viewer).rows.map((row) => `${row.username} ${row.action}`);
    expect(seen(OWNER)).toEqual([
      'asha event-saved',
      '(unknown name) sign-in-locked',
      'bala sign-in-failed',
      'asha sign-in-failed',
    ]);
    expect(seen(EDITOR)).toEqual(['asha event-saved', 'bala sign-in-failed']);
    expect(audit.page({}, EDITOR).total).toBe(2);
  });
});
