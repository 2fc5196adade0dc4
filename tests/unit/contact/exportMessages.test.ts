import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatMessages } from '../../../src/server/contact/exportMessages.ts';
import { ContactMessageStore, type StoredMessage } from '../../../src/server/contact/messageStore.ts';
import { openDatabase } from '../../../src/server/database.ts';

const older: StoredMessage = {
  id: 1,
  received_at: '2026-11-20T09:00:00.000Z',
  name: 'Dr. Sample Person',
  email: 'sample.person@example.org',
  phone: '9876543210',
  message: 'Please send the CME schedule.\nThank you.',
  delivery_state: 'sent',
  attempts: 1,
  last_error: null,
  sent_at: '2026-11-20T09:00:01.000Z',
};
const newer: StoredMessage = {
  ...older,
  id: 2,
  received_at: '2026-11-21T09:00:00.000Z',
  name: '=HYPERLINK("http://evil.example.net")',
  email: 'other@example.org',
  phone: '',
  message: 'Commas, "quotes"\nand lines',
  delivery_state: 'pending',
  attempts: 2,
  last_error: 'connect ECONNREFUSED',
  sent_at: null,
};

describe('formatMessages', () => {
  it('writes CSV that a spreadsheet reads safely: quoted, and formulas defused', () => {
    const csv = formatMessages([newer, older], 'csv');
    expect(csv.split('\r\n')[0]).toBe('id,received_at,name,email,phone,message,delivery_state,sent_at');
    expect(csv).toContain(
      `2,2026-11-21T09:00:00.000Z,"'=HYPERLINK(""http://evil.example.net"")",other@example.org,,"Commas, ""quotes""\nand lines",pending,`,
    );
    expect(csv).toContain('1,2026-11-20T09:00:00.000Z,Dr. Sample Person,');
  });

  it('writes JSON with every field', () => {
    expect(JSON.parse(formatMessages([older], 'json'))).toEqual([older]);
  });

  it('writes readable text, with why a message is still waiting', () => {
    const text = formatMessages([newer, older], 'text');
    expect(text).toContain('#2  2026-11-21T09:00:00.000Z  waiting to be e-mailed');
    expect(text).toContain('last attempt failed: connect ECONNREFUSED (2 so far)');
    expect(text).toContain('From: Dr. Sample Person <sample.person@example.org>, phone 9876543210');
    expect(text).toContain('   Please send the CME schedule.\n   Thank you.');
    expect(formatMessages([], 'text')).toBe('No messages yet.\n');
  });
});

describe('npm run messages', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'messages-cli-'));
    const store = new ContactMessageStore(openDatabase(dataDir).db);
    store.add(
      { name: 'First', email: 'first@example.org', phone: '', message: 'One' },
      'nonce-first-0000',
      new Date('2026-11-20T09:00:00Z'),
      false,
    );
    store.add(
      { name: 'Second', email: 'second@example.org', phone: '', message: 'Two' },
      'nonce-second-000',
      new Date('2026-11-21T09:00:00Z'),
      false,
    );
    store.close();
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/messages.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });

  it('lists the stored messages newest first', () => {
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stdout.indexOf('Second')).toBeLessThan(result.stdout.indexOf('First'));
  });

  it.each([
    [
      '--json',
      (out: string) =>
        z
          .array(z.object({ name: z.string() }))
          .parse(JSON.parse(out))
          .map((m) => m.name),
    ],
    [
      '--csv',
      (out: string) =>
        out
          .trim()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(',')[2]),
    ],
  ])('exports with %s', (flag, names) => {
    const result = run(flag);
    expect(result.status).toBe(0);
    expect(names(result.stdout)).toEqual(['Second', 'First']);
  });

  it('refuses an unknown option', () => {
    const result = run('--xml');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage: npm run messages');
  });
});
