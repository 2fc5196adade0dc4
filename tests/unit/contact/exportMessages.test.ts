import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatMessages, messagesCsvFile } from '../../../src/server/contact/exportMessages.ts';
import { ContactMessageStore, type StoredMessage } from '../../../src/server/contact/messageStore.ts';
import { contactMessage, storedMessage } from './messageBuilder.ts';
import { openDatabase } from '../../../src/server/database.ts';

const older = storedMessage({ phone: '9876543210' });
const newer = storedMessage({
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
});

describe('formatMessages', () => {
  it('writes CSV that a spreadsheet reads safely: quoted, and formulas defused', () => {
    const csv = formatMessages([newer, older], 'csv');
    expect(csv.split('\r\n')[0]).toBe(
      'id,received_at,name,email,phone,message,delivery_state,sent_at,status,held_reason,handled_at',
    );
    expect(csv).toContain(
      `2,2026-11-21T09:00:00.000Z,"'=HYPERLINK(""http://evil.example.net"")",other@example.org,,"Commas, ""quotes""\nand lines",pending,`,
    );
    expect(csv).toContain('1,2026-11-20T09:00:00.000Z,Dr. Sample Person,');
  });

  describe.each([
    [
      'the admin’s CSV file',
      (message: StoredMessage) => messagesCsvFile([message]).split('\r\n')[1] ?? '',
      (cell: string) => `1,20/11/2026 14:30:00 IST,${cell},x@example.org,`,
    ],
    [
      'npm run messages -- --csv',
      (message: StoredMessage) => formatMessages([message], 'csv').split('\r\n')[1] ?? '',
      (cell: string) => `1,2026-11-20T09:00:00.000Z,${cell},x@example.org,`,
    ],
  ])('%s', (_name, rowOf, expected) => {
    const row = (name: string) => rowOf({ ...older, name, email: 'x@example.org', message: 'm' });
    // Each checks the name's cell and where it ends (the e-mail's begins); the row's other columns are
    // pinned by the tests of its headings and its first row, so a new column changes those alone.
    it.each([
      ['a semicolon (a separator in many spreadsheets), then a formula', 'x;=1+1', '"x;=1+1"'],
      ['a comma', 'Rao, K.', '"Rao, K."'],
      ['a tab', 'a\tb', '"a\tb"'],
      ['a quote', 'Dr. "Sam"', '"Dr. ""Sam"""'],
      ['a line break', 'one\ntwo', '"one\ntwo"'],
      ['a formula', '=1+1', "'=1+1"],
      ['a formula and a semicolon', '=1;2', `"'=1;2"`],
      ['a full-width equals sign', '\uFF1D1+1', "'\uFF1D1+1"],
      ['a plus', '+1', "'+1"],
      ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ])('writes a cell with %s safely', (_case, name, cell) => {
      expect(row(name).slice(0, expected(cell).length)).toBe(expected(cell));
    });
  });

  it.each([
    ['=', '=1+1'],
    ['+', '+91 98765 43210'],
    ['-', '-2+3'],
    ['@', '@SUM(A1)'],
    ['a tab', '\t=1'],
    ['a carriage return', '\r=1'],
  ])('defuses a cell that starts with %s', (_label, text) => {
    const row = messagesCsvFile([{ ...older, name: text }]).split('\r\n')[1] ?? '';
    expect(row).toMatch(/^1,20\/11\/2026 14:30:00 IST,"?'/);
  });

  it.each([
    ['an Indian mobile with its country code', '919876543210', "'+91 98765 43210"],
    ['an Indian mobile', '9876543210', "'98765 43210"],
    ['a landline with its leading 0', '04222345678', "'04222345678"],
    ['no phone', '', ''],
  ])('the admin’s CSV file writes %s as text, as the admin shows it', (_case, phone, cell) => {
    const row = messagesCsvFile([{ ...older, phone }]).split('\r\n')[1] ?? '';
    expect(row.split(',')[4]).toBe(cell);
  });

  it('the admin’s CSV file starts with a UTF-8 byte-order mark and keeps non-Latin text', () => {
    const file = messagesCsvFile([{ ...older, name: 'டாக்டர் மாதிரி' }]);
    expect(file.startsWith('\uFEFFNumber,Received (IST),Name,E-mail,Phone,Message,')).toBe(true);
    expect(Buffer.from(file, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(file).toContain('டாக்டர் மாதிரி');
  });

  it('the admin’s CSV file names its columns in words and writes times in IST, saying so', () => {
    const [heading, row] = messagesCsvFile([{ ...older, handled_at: '2026-11-26T06:36:17.109Z' }])
      .slice(1)
      .split('\r\n');
    expect(heading).toBe(
      'Number,Received (IST),Name,E-mail,Phone,Message,E-mail to the office,E-mailed at (IST),Where,Why held,Answered (marked at IST)',
    );
    expect(row).toMatch(/,26\/11\/2026 12:06:17 IST$/);
    expect(row).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  it('writes JSON with every field', () => {
    expect(JSON.parse(formatMessages([older], 'json'))).toEqual([older]);
  });

  it('writes readable text, with why a message is still waiting', () => {
    const text = formatMessages([newer, older], 'text');
    // Staff read times in India's time zone (09:00 UTC is 14:30 IST).
    expect(text).toContain('#2  21 Nov 2026, 14:30 IST  waiting to be e-mailed');
    expect(text).toContain('last attempt failed: connect ECONNREFUSED (2 so far)');
    expect(text).toContain('From: Dr. Sample Person <sample.person@example.org>, phone 9876543210');
    expect(text).toContain('   Please send the CME schedule.\n   Thank you.');
    expect(formatMessages([], 'text')).toBe('No messages yet.\n');
  });

  /** What a terminal would act on: C0 controls but tab and newline, DEL, C1 controls, bidirectional overrides. */
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
  const hostile: StoredMessage = {
    ...older,
    name: 'Dr. \u001b]0;owned\u0007Person',
    message: 'Hello\u001b[2J\rGone\u009b31m red\tand \u202eevil',
    delivery_state: 'pending',
    last_error: 'bad\u001b[1mreply',
  };

  it('shows control characters in the text as visible codes, so they cannot work the terminal', () => {
    const text = formatMessages([hostile], 'text');
    expect(text).not.toMatch(ACTIVE);
    expect(text).toContain('From: Dr. \\u{001b}]0;owned\\u{0007}Person <sample.person@example.org>');
    expect(text).toContain('   Hello\\u{001b}[2J\\u{000d}Gone\\u{009b}31m red\tand \\u{202e}evil');
    expect(text).toContain('last attempt failed: bad\\u{001b}[1mreply');
  });

  it('keeps JSON exact, and free of raw control characters', () => {
    const json = formatMessages([hostile], 'json');
    expect(json).not.toMatch(ACTIVE);
    expect(JSON.parse(json)).toEqual([hostile]);
  });

  it('shows control characters in the CSV it prints as visible codes, keeping the lines of a cell', () => {
    const csv = formatMessages([{ ...hostile, message: `${hostile.message}\r\nnext line\u2028` }], 'csv');
    expect(csv.replaceAll('\r\n', '\n')).not.toMatch(ACTIVE);
    expect(csv).toContain('Dr. \\u{001b}]0;owned\\u{0007}Person');
    expect(csv).toContain('"Hello\\u{001b}[2J\\u{000d}Gone\\u{009b}31m red\tand \\u{202e}evil\r\nnext line\\u{2028}"');
  });

  it('keeps the admin’s CSV file exact, for the spreadsheet', () => {
    expect(messagesCsvFile([hostile])).toContain(`"${hostile.message}"`);
  });
});

describe('npm run messages', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'messages-cli-'));
    const store = new ContactMessageStore(openDatabase(dataDir).db);
    store.add(
      contactMessage({ name: 'First', email: 'first@example.org', phone: '', message: 'One' }),
      'nonce-first-0000',
      new Date('2026-11-20T09:00:00Z'),
      false,
    );
    store.add(
      contactMessage({ name: 'Second', email: 'second@example.org', phone: '', message: 'Two' }),
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

  it('prints what a visitor wrote without letting it work the terminal', () => {
    const hostileDir = mkdtempSync(path.join(tmpdir(), 'messages-cli-'));
    try {
      const store = new ContactMessageStore(openDatabase(hostileDir).db);
      const message = 'Clear\u001b[2J\rscreen';
      store.add(
        contactMessage({ name: 'Third', email: 'third@example.org', phone: '', message }),
        'nonce-third-0000',
        new Date(),
        false,
      );
      store.close();
      const result = spawnSync(process.execPath, ['scripts/messages.ts'], {
        env: { ...process.env, DATA_DIR: hostileDir },
        encoding: 'utf8',
      });
      expect(result.stdout).toContain('Clear\\u{001b}[2J\\u{000d}screen');
      expect(result.stdout).not.toContain('\u001b');
      for (const format of ['--csv', '--json']) {
        const printed = spawnSync(process.execPath, ['scripts/messages.ts', format], {
          env: { ...process.env, DATA_DIR: hostileDir },
          encoding: 'utf8',
        });
        expect(printed.status, format).toBe(0);
        expect(printed.stdout, format).toContain('Third');
        // A carriage return only as the end of a CSV line.
        // eslint-disable-next-line no-control-regex -- matching control characters is the point here
        expect(printed.stdout, format).not.toMatch(/\u001b|\r(?!\n)/);
      }
    } finally {
      rmSync(hostileDir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown option', () => {
    const result = run('--xml');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage: npm run messages');
  });
});
