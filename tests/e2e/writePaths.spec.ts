/**
 * Write paths against the built server (its own, tests/e2e/adminServer.ts): a signed-in upload
 * whose multipart body ends inside the part, and a 25 MB one sent chunked without
 * Content-Length, are answered 400 and 413 while /healthz stays 200 (either used to stop the
 * process); an oversized form post to an endpoint gets a JSON 413; a draft's photo answers 404
 * signed out and 200 signed in.
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../src/server/database.ts';
import { EventWriter } from '../../src/server/events/eventWriter.ts';
import { photoFile, signedInState, startAdminServer, type StorageState } from './adminServer.ts';
import type { OwnServer } from './ownServer.ts';
import { send } from './rawHttp.ts';

test.describe.configure({ mode: 'default' });

let server: OwnServer;
let state: StorageState;
let draft: { id: number; photo: string };

test.beforeAll(async ({ browser }) => {
  server = await startAdminServer();
  state = await signedInState(browser, server);
  // Made in the server's store from here, as the admin would (the server reads the same file).
  const { db } = openDatabase(server.dataDir);
  try {
    const writer = new EventWriter(db, { dataDir: server.dataDir });
    const id = writer.upsert({ title: 'Salem - Draft', subTitle: '', date: '2025-06-01', published: false });
    const photo = await writer.addPhoto(id, (await photoFile('a.jpg', '#375')).buffer);
    draft = { id, photo: photo.path };
  } finally {
    db.close();
  }
});

test.afterAll(() => server?.kill());

const cookieHeader = () => state.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

/** The signed-in session's CSRF token, read from the new-event form. */
async function csrfToken(): Promise<string> {
  // The new-event form is first sent to an address with its own form key (one event per form).
  const first = await send(`${server.url}/Admin/events/new`, { headers: { Cookie: cookieHeader() } });
  const location = first.status === 303 ? first.headers['location'] : undefined;
  const page = location
    ? await send(new URL(String(location), server.url).href, { headers: { Cookie: cookieHeader() } })
    : first;
  const token = /name="csrf_token" value="([^"]+)"/.exec(page.body)?.[1];
  if (!token) throw new Error(`no CSRF token on the form (status ${page.status})`);
  return token;
}

const BOUNDARY = 'TruncatedBoundary';
const PART_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

/** Sends an upload, its body written in `chunks` (chunked when `length` is undefined); resolves with the answer. */
function upload(token: string, chunks: Buffer[], length?: number): Promise<{ status: number; body: string }> {
  const target = new URL(`${server.url}/Admin/edit/events/${draft.id}/photos`);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent: false,
        headers: {
          Cookie: cookieHeader(),
          Origin: server.url,
          'X-CSRF-Token': token,
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          ...(length === undefined ? {} : { 'Content-Length': String(length) }),
        },
      },
      (response) => {
        answered = true;
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    // The server may answer and close before the whole body is written: that is its right.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const write = (index: number) => {
      if (index === chunks.length) return void request.end();
      if (request.write(chunks[index] ?? Buffer.alloc(0))) write(index + 1);
      else request.once('drain', () => write(index + 1));
    };
    write(0);
  });
}

test('a truncated multipart body and a chunked 25 MB upload are refused while the site keeps serving', async () => {
  const token = await csrfToken();

  const truncated = Buffer.concat([Buffer.from(PART_HEAD), Buffer.from('ab')]);
  const broken = await upload(token, [truncated], truncated.byteLength);
  expect(broken.status).toBe(400);
  expect(JSON.parse(broken.body).error).toMatch(/broken or incomplete/);
  expect((await send(`${server.url}/healthz`)).status).toBe(200);

  const big = [Buffer.from(PART_HEAD), ...Array.from({ length: 25 }, () => Buffer.alloc(1024 * 1024))];
  const tooLarge = await upload(token, big);
  expect(tooLarge.status).toBe(413);
  expect((await send(`${server.url}/healthz`)).status).toBe(200);
  expect(server.process.exitCode).toBeNull();
  // Nothing half-written: the event's folder holds its one photo, as before.
  expect(readdirSync(path.join(server.dataDir, 'uploads/events', String(draft.id)))).toEqual([
    path.basename(draft.photo),
  ]);
});

test('an oversized form post to an admin endpoint is refused with a 413 JSON error', async () => {
  const answer = await send(`${server.url}/Admin/edit/events/${draft.id}/photos`, {
    method: 'POST',
    headers: {
      Cookie: cookieHeader(),
      Origin: server.url,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: `description=${'x'.repeat(70 * 1024)}`,
  });
  expect(answer.status).toBe(413);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body).error).toMatch(/too large/);
});

test('a draft’s photo answers 404 signed out and 200 signed in', async ({ browser }) => {
  const visitor = await browser.newContext({ baseURL: server.url });
  const signedOut = await visitor.request.get(draft.photo);
  expect(signedOut.status()).toBe(404);
  expect((await visitor.request.get(`${draft.photo}?w=480`)).status()).toBe(404);
  await visitor.close();

  const staff = await browser.newContext({ baseURL: server.url, storageState: state });
  const signedIn = await staff.request.get(draft.photo);
  expect(signedIn.status()).toBe(200);
  expect(signedIn.headers()['content-type']).toBe('image/jpeg');
  expect(signedIn.headers()['cache-control']).toBe('private, no-store');
  await staff.close();
});
