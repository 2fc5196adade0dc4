import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { githubWebhook, WEBHOOK_PATH } from '../../../src/server/release/deployWebhook.ts';

const SECRET = 'a webhook secret of some length';
const RELEASE = JSON.stringify({ action: 'published', release: { tag_name: `release-${'f'.repeat(40)}` } });
const signed = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** The deliveries each signed release event handed to the deploy. */
const deliveries: (string | undefined)[] = [];
const app = Fastify();
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, _payload, done) => done(null)); // As the site server does.
await app.register(githubWebhook(SECRET, (delivery) => deliveries.push(delivery)));

afterEach(() => {
  deliveries.length = 0;
});

const post = (headers: Record<string, string>, payload = RELEASE) =>
  app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

describe("GitHub's release webhook", () => {
  it.each<[string, Record<string, string>, string, number]>([
    ['no signature', { 'x-github-event': 'release' }, RELEASE, 401],
    [
      'a signature with another secret',
      { 'x-github-event': 'release', 'x-hub-signature-256': signed(RELEASE, 'another secret, just as long') },
      RELEASE,
      401,
    ],
    ['a signature of another body', { 'x-github-event': 'release', 'x-hub-signature-256': signed('{}') }, RELEASE, 401],
    ['a signature that is not one', { 'x-github-event': 'release', 'x-hub-signature-256': 'sha256=zz' }, RELEASE, 401],
    [
      'a body over 5 MB',
      { 'x-github-event': 'release', 'x-hub-signature-256': signed('x') },
      'x'.repeat(5 * 1024 * 1024 + 1),
      413,
    ],
  ])('refuses %s, and starts no check', async (_case, headers, payload, status) => {
    const answer = await post(headers, payload);
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toHaveProperty('error');
    expect(deliveries).toEqual([]);
  });

  it("starts a check for a signed release or ping, with the delivery's id, and only accepts other events", async () => {
    const headers = { 'x-hub-signature-256': signed(RELEASE) };
    const delivery = '72d3162e-cc78-11e3-81ab-4c9367dc0958';
    const answer = await post({ ...headers, 'x-github-event': 'release', 'x-github-delivery': delivery });
    expect(answer.statusCode).toBe(202);
    expect((await post({ ...headers, 'x-github-event': 'ping' })).statusCode).toBe(202);
    // A delivery id that is not one is not passed on.
    await post({ ...headers, 'x-github-event': 'release', 'x-github-delivery': 'x\u0000y; rm -rf /' });
    expect(deliveries).toEqual([delivery, undefined, undefined]);
    expect((await post({ ...headers, 'x-github-event': 'push' })).statusCode).toBe(202);
    expect(deliveries).toHaveLength(3);
  });
});
