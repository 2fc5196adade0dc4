/**
 * The reproductions of an adversarial review of the running server, each with the answer it
 * must get. Two servers of their own, both with the public address the build names as SITE_URL:
 * `direct` trusts no proxy (TRUST_PROXY unset) and runs in production, `proxied` trusts one
 * (TRUST_PROXY=1, as behind Caddy), with short time limits and the default minimum fill time; both
 * allow 2 contact messages per address in 10 minutes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FORM_EXPIRED_MESSAGE, TOO_SOON_MESSAGE } from '../../src/lib/contactForm.ts';
import { ADMIN_PASSWORD, ADMIN_USER, SIGN_IN_POST, addUser } from './adminServer.ts';
import {
  CONTACT_ACTION,
  FORM_TOKEN_ACTION,
  actionAnswer,
  contactActionRequest,
  formTokenOf,
  storedMessages,
} from './contactMessages.ts';
import { startOwnServer, type OwnServer } from './ownServer.ts';
import { rawExchange, send } from './rawHttp.ts';

test.describe.configure({ mode: 'serial' });

/** The public address the build names (SITE_URL is not set for the tests' build). */
const SITE_HOST = 'isa-tamilnadu.example.org';
const PUBLIC_ORIGIN = `https://${SITE_HOST}`;
let direct: OwnServer;
let proxied: OwnServer;

test.beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    startOwnServer({
      NODE_ENV: 'production',
      SITE_URL: `https://${SITE_HOST}`,
      CONTACT_RATE_LIMIT: '2/10',
      CONTACT_MIN_FILL_SECONDS: '0',
    }),
    startOwnServer({
      SITE_URL: `https://${SITE_HOST}`,
      TRUST_PROXY: '1',
      CONTACT_RATE_LIMIT: '2/10',
      CONTACT_MIN_FILL_SECONDS: '1',
      HEADERS_TIMEOUT_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: '2',
    }),
  ]);
});

test.afterAll(() => {
  direct?.kill();
  proxied?.kill();
});

async function formToken(server: OwnServer): Promise<string> {
  return formTokenOf((await send(`${server.url}/Contact-Us`)).body);
}

function postMessage(server: OwnServer, name: string, formToken: string, headers: Record<string, string> = {}) {
  const fields = { name, email: 'review@example.org', phone: '', message: 'Hardening', formToken };
  const request = contactActionRequest(fields, PUBLIC_ORIGIN);
  return send(`${server.url}${CONTACT_ACTION}`, { ...request, headers: { ...request.headers, ...headers } });
}

test.describe('1. the rate limit counts the address the site can trust', () => {
  test('with TRUST_PROXY unset, a forged X-Forwarded-For is ignored, even naming the site as its host', async () => {
    const statuses: number[] = [];
    for (let sent = 0; sent < 3; sent++) {
      const answer = await postMessage(direct, `Spoof ${sent}`, await formToken(direct), {
        Host: SITE_HOST,
        'X-Forwarded-Host': SITE_HOST,
        'X-Forwarded-For': `10.8.2.${sent}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  test('behind one trusted proxy, the rightmost address counts: "10.9.9.4, 1.1.1.1" is 1.1.1.1', async () => {
    const tokens = await Promise.all(Array.from({ length: 4 }, () => formToken(proxied)));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the minimum fill time
    const statuses: number[] = [];
    for (const [index, forwardedFor] of ['1.1.1.1', '10.9.9.4, 1.1.1.1', '10.8.2.9, 1.1.1.1', '1.1.1.3'].entries()) {
      const answer = await postMessage(proxied, `Proxied ${index}`, tokens[index] ?? '', {
        'X-Forwarded-For': forwardedFor,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 429, 200]);
  });

  test('a form post is the site’s own when its Origin is the public origin (SITE_URL’s), whatever its Host or X-Forwarded-Proto say', async () => {
    const form = (server: OwnServer, origin: string, headers: Record<string, string> = {}) =>
      send(`${server.url}/Contact-Us?_action=contact`, {
        method: 'POST',
        headers: {
          Host: SITE_HOST,
          Origin: origin,
          'X-Forwarded-For': '203.0.113.20',
          'Content-Type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        body: new URLSearchParams({ name: '', email: '', message: '', formToken: 'x' }).toString(),
      });
    // Refused (403) at the origin check, or past it: the page answers (400, fields missing; 429 on `direct`, whose
    // 2 messages are used up above).
    const outcomes = async (origin: string, headers?: Record<string, string>) =>
      (await Promise.all([form(direct, origin, headers), form(proxied, origin, headers)])).map((answer) =>
        answer.status === 403 ? 'refused' : 'reached',
      );
    // The request's own origin (http:// and the Host it names) is not the site's, even through the trusted proxy ...
    expect(await outcomes(`http://${SITE_HOST}`)).toEqual(['refused', 'refused']);
    expect(await outcomes(`http://${SITE_HOST}`, { 'X-Forwarded-Proto': 'http' })).toEqual(['refused', 'refused']);
    // ... nor is an origin the sender names as the Host too ...
    expect(await outcomes('https://evil.example', { Host: 'evil.example' })).toEqual(['refused', 'refused']);
    // ... while the public origin is, with or without the proxy's word.
    expect(await outcomes(`https://${SITE_HOST}`)).toEqual(['reached', 'reached']);
    expect(await outcomes(`https://${SITE_HOST}`, { 'X-Forwarded-Proto': 'https' })).toEqual(['reached', 'reached']);
  });
});

test('the admin session cookie is Secure when the public origin is HTTPS, whatever scheme the request names', async () => {
  const signIn = (server: OwnServer, scheme: 'http' | 'https') =>
    send(`${server.url}${SIGN_IN_POST}`, {
      method: 'POST',
      headers: {
        Host: SITE_HOST,
        Origin: PUBLIC_ORIGIN,
        'X-Forwarded-Proto': scheme,
        'X-Forwarded-For': '203.0.113.30',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ username: ADMIN_USER, password: ADMIN_PASSWORD }).toString(),
    });
  addUser(proxied.dataDir);
  addUser(direct.dataDir);
  for (const [server, scheme] of [
    [proxied, 'https'],
    [proxied, 'http'],
    [direct, 'http'],
  ] as const) {
    const answer = await signIn(server, scheme);
    expect(answer.status).toBe(303);
    expect(String(answer.headers['set-cookie'])).toMatch(/HttpOnly.*; Secure|; Secure.*HttpOnly/);
  }
});

test('2. a token asked for after a refusal must wait the minimum fill time too', async () => {
  const headers = { 'X-Forwarded-For': '1.1.1.9' };
  const refused = await postMessage(proxied, 'Token trick', 'garbage', headers);
  expect([refused.status, actionAnswer(refused.status, refused.body).message]).toEqual([400, FORM_EXPIRED_MESSAGE]);
  const asked = await send(`${proxied.url}${FORM_TOKEN_ACTION}`, {
    method: 'POST',
    headers: { Origin: PUBLIC_ORIGIN, 'Content-Length': '0', ...headers },
  });
  const formToken = actionAnswer(asked.status, asked.body).formToken ?? '';
  const atOnce = await postMessage(proxied, 'Token trick', formToken, headers);
  expect([atOnce.status, actionAnswer(atOnce.status, atOnce.body).message]).toEqual([400, TOO_SOON_MESSAGE]);
  expect(storedMessages(proxied.dataDir).filter((message) => message.name === 'Token trick')).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect((await postMessage(proxied, 'Token trick', formToken, headers)).status).toBe(200);
  expect(storedMessages(proxied.dataDir).filter((message) => message.name === 'Token trick')).toHaveLength(1);
});

test('3. unknown methods get 405 or 501 with Allow, and no stack trace in the log', async () => {
  for (const path of ['/', '/Events/1', CONTACT_ACTION, '/Contact-Us', '/Admin/api/events_list', '/nope']) {
    for (const method of ['TRACE', 'PROPFIND', 'PUT', 'OPTIONS']) {
      const answer = await send(`${proxied.url}${path}`, { method });
      expect([method, path, answer.status, answer.headers.allow]).toEqual([method, path, 405, 'GET, HEAD, POST']);
    }
  }
  const brew = await rawExchange(proxied.url, 'BREW /Events/1 HTTP/1.1\r\nHost: a\r\n\r\n');
  expect(brew.answer).toMatch(/^HTTP\/1\.1 501 Not Implemented\r\n[^]*Allow: GET, HEAD, POST\r\n/);
  const log = proxied.output.join('');
  expect(log).toContain('TRACE /Events/1 405');
  expect(log).not.toMatch(/Could not render|\n\s+at /);
});

test('4. a client sending its body a byte at a time is cut off within REQUEST_TIMEOUT_SECONDS', async () => {
  const head =
    'POST /_actions/contact HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
  const { answer, afterMs } = await rawExchange(proxied.url, head, { chunk: ' ', everyMs: 300 });
  // 1000 bytes at this pace would take 5 minutes; the limit is 2 s, checked every second.
  expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(afterMs).toBeLessThan(5000);
});

test('6. absolute URLs name SITE_URL, never the Host a visitor sends', async ({ baseURL }) => {
  const evil = { Host: 'evil.example.com', 'X-Forwarded-Host': 'evil.example.com', 'X-Forwarded-Proto': 'http' };
  const event = await send(`${baseURL}/Events/1`, { headers: evil });
  expect(event.status).toBe(200);
  expect(event.body).toContain(`"image":"https://${SITE_HOST}/Admin/uploads/`);
  expect(event.body).toContain(`<link rel="canonical" href="https://${SITE_HOST}/Events/1"`);
  for (const path of ['/Events/1', '/sitemap.xml', '/Contact-Us', '/robots.txt', '/']) {
    const answer = await send(`${baseURL}${path}`, { headers: evil });
    expect([path, answer.status, answer.body.includes('evil.example.com')]).toEqual([path, 200, false]);
  }
});

test('6. without SITE_URL, a production server does not start, and says which variable to set', () => {
  const started = spawnSync(process.execPath, ['scripts/start.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SITE_URL: '',
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'isa-no-site-url-')),
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(started.status).toBe(1);
  expect(started.stderr).toMatch(/^Cannot start: SITE_URL must be set when NODE_ENV=production: the public address/m);
  expect(started.stdout).not.toContain('Serving the site on');
});
