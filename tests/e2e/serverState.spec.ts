/**
 * The serving process holds its state once (src/server/services.ts): the pages, the API and the
 * contact form all use one connection to the store and one contact service, so a rate limit
 * reached through the form's JSON endpoint holds for the form post that works without
 * JavaScript too. Runs its own server, with a rate limit of 2 messages.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { RATE_LIMITED_MESSAGE } from '../../src/lib/contactForm.ts';
import { DATABASE_FILE } from '../../src/server/database.ts';
import { CONTACT_ACTION, contactActionRequest, formTokenOf } from './contactMessages.ts';
import { startOwnServer, type OwnServer } from './ownServer.ts';

test.describe.configure({ mode: 'serial' });

let own: OwnServer;

test.beforeAll(async () => {
  own = await startOwnServer({ CONTACT_RATE_LIMIT: '2/10', CONTACT_MIN_FILL_SECONDS: '0' });
});

test.afterAll(() => own.kill());

/** The files the server process has open at `file`. */
function openHandles(file: string): number {
  const folder = `/proc/${own.process.pid}/fd`;
  return readdirSync(folder).filter((fd) => {
    try {
      return readlinkSync(path.join(folder, fd)) === file;
    } catch {
      return false; // closed meanwhile
    }
  }).length;
}

async function formToken(): Promise<string> {
  return formTokenOf(await (await fetch(`${own.url}/Contact-Us`)).text());
}

const message = (formToken: string) => ({
  name: 'State Test',
  email: 'state.test@example.org',
  phone: '',
  message: 'One service for every way in',
  formToken,
});

test('pages, the API, photos and the contact form share one connection to the store', async () => {
  test.skip(process.platform !== 'linux', 'reads /proc');
  const database = path.join(own.dataDir, DATABASE_FILE);
  const answers = await Promise.all([
    fetch(`${own.url}/Events/1`),
    fetch(`${own.url}/sitemap.xml`),
    fetch(`${own.url}/Admin/api/events_list`, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    }),
    fetch(`${own.url}/Admin/api/event_details_list`, {
      method: 'POST',
      body: JSON.stringify({ eventId: 1 }),
      headers: { 'Content-Type': 'application/json' },
    }),
    fetch(`${own.url}/Contact-Us`),
    fetch(`${own.url}/healthz`),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  const photo = await (
    await fetch(`${own.url}/Admin/api/event_details_list`, {
      method: 'POST',
      body: JSON.stringify({ eventId: 1 }),
      headers: { 'Content-Type': 'application/json' },
    })
  ).json();
  expect((await fetch(`${own.url}${photo.records[0].event_image}?w=480`)).status).toBe(200);
  expect(
    (await fetch(`${own.url}${CONTACT_ACTION}`, contactActionRequest(message(await formToken()), own.url))).status,
  ).toBe(200);

  expect(openHandles(database)).toBe(1);
});

test('a rate limit reached through the island’s call holds for the form post without JavaScript', async () => {
  const statuses: number[] = [];
  for (let sent = 0; sent < 3 && !statuses.includes(429); sent++) {
    const answer = await fetch(
      `${own.url}${CONTACT_ACTION}`,
      contactActionRequest(message(await formToken()), own.url),
    );
    statuses.push(answer.status);
  }
  expect(statuses.at(-1)).toBe(429);

  const form = await fetch(`${own.url}/Contact-Us?_action=contact`, {
    method: 'POST',
    body: new URLSearchParams(message(await formToken())),
    headers: { Origin: own.url },
  });
  expect(form.status).toBe(429);
  expect(await form.text()).toContain(RATE_LIMITED_MESSAGE);
});
