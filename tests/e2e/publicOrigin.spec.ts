/**
 * Links and origins from the public address only (a forged Host must not poison a reset link): whatever Host a
 * request names, or a trusted proxy's X-Forwarded-Host, Forgot your password mails a link on SITE_URL,
 * and a form post whose Origin is that forged host is refused. A server of its own with SITE_URL (the
 * address the build names), TRUST_PROXY=loopback and its mail going to a local SMTP server.
 */
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../src/server/database.ts';
import { readableText, startSmtp } from '../unit/contact/localSmtp.ts';
import { ADMIN_PASSWORD, FORGOT_POST, SIGN_IN_POST, addUser } from './adminServer.ts';
import { startOwnServer, type OwnServer } from './ownServer.ts';
import { send } from './rawHttp.ts';

test.describe.configure({ mode: 'serial' });

const SITE = 'https://isa-tamilnadu.example.org';
const EVIL = 'evil.example';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

let server: OwnServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startOwnServer({
    SITE_URL: SITE,
    TRUST_PROXY: 'loopback',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    CONTACT_TO: 'office@example.org',
  });
  addUser(server.dataDir, 'asha', ADMIN_PASSWORD, 'owner');
  addUser(server.dataDir, 'bala', ADMIN_PASSWORD, 'editor');
  const { db } = openDatabase(server.dataDir);
  db.prepare("UPDATE admin_users SET email = username || '@example.org'").run();
  db.close();
});

test.afterAll(async () => {
  server?.kill();
  await smtp?.close();
});

/** The links to /Admin/link in the mails `to` received, waiting up to 10 s for the first. */
async function mailedLinks(to: string): Promise<string[]> {
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(to)).length, { timeout: 10_000 }).toBe(1);
  const mail = smtp.received.find((received) => received.to.includes(to));
  return readableText(mail?.data ?? '').match(/\bhttps?:\/\/\S+\/Admin\/link\?token=[\w-]+/g) ?? [];
}

test.describe('a post whose Origin is a forged host is refused (403), and mails nothing', () => {
  const forgedHost = { Host: EVIL, Origin: `http://${EVIL}` };
  const forgedForwardedHost = {
    'X-Forwarded-Host': EVIL,
    'X-Forwarded-Proto': 'https',
    'X-Forwarded-For': '203.0.113.9',
    Origin: `https://${EVIL}`,
  };
  for (const [path, body] of [
    ['/Admin/forgot', 'username=asha'],
    ['/Admin/login', 'username=asha&password=x'],
    ['/Contact-Us', 'name=x&email=x%40example.org&message=x&formToken=x'],
    ['/Admin/api/event_details_list', 'eventId=1'],
  ] as const) {
    for (const [what, headers] of [
      ['its own Host', forgedHost],
      ['a trusted proxy’s X-Forwarded-Host', forgedForwardedHost],
    ] as const) {
      test(`${path}, with ${what}`, async () => {
        const answer = await send(`${server.url}${path}`, { method: 'POST', headers: { ...FORM, ...headers }, body });
        expect(answer.status).toBe(403);
      });
    }
  }

  test('(no mail was sent)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toEqual([]);
  });
});

test('Forgot your password, sent with Host: evil.example, mails a link on SITE_URL', async () => {
  const answer = await send(`${server.url}${FORGOT_POST}`, {
    method: 'POST',
    headers: { ...FORM, Host: EVIL, Origin: SITE },
    body: 'username=asha',
  });
  expect(answer.status).toBe(200);
  expect(answer.body).not.toContain(EVIL);
  const links = await mailedLinks('asha@example.org');
  expect(links).toHaveLength(1);
  expect(links[0]).toMatch(new RegExp(`^${SITE}/Admin/link\\?token=`));
});

test('Forgot your password, through the trusted proxy with X-Forwarded-Host: evil.example, mails a link on SITE_URL', async () => {
  const answer = await send(`${server.url}${FORGOT_POST}`, {
    method: 'POST',
    headers: {
      ...FORM,
      'X-Forwarded-Host': EVIL,
      'X-Forwarded-Proto': 'http',
      'X-Forwarded-For': '203.0.113.10',
      Origin: SITE,
    },
    body: 'username=bala',
  });
  expect(answer.status).toBe(200);
  const links = await mailedLinks('bala@example.org');
  expect(links).toHaveLength(1);
  expect(links[0]).toMatch(new RegExp(`^${SITE}/Admin/link\\?token=`));
});

test('a sign-in sent with a forged Host is led on by a path, never to that host', async () => {
  const answer = await send(`${server.url}${SIGN_IN_POST}`, {
    method: 'POST',
    headers: { ...FORM, Host: EVIL, Origin: SITE },
    body: new URLSearchParams({ username: 'asha', password: ADMIN_PASSWORD }).toString(),
  });
  expect(answer.status).toBe(303);
  expect(answer.headers.location).toBe('/Admin');
});
