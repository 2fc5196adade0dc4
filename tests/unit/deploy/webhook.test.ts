import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { githubWebhook, WEBHOOK_PATH } from '../../../src/deploy/webhook.ts';

const SECRET = 'a webhook secret of some length';
const PUSH = JSON.stringify({ ref: 'refs/heads/main', after: 'f'.repeat(40) });
const signed = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

let pushes = 0;
const app = Fastify();
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, _payload, done) => done(null)); // As the site server does.
await app.register(githubWebhook(SECRET, () => (pushes += 1)));

afterEach(() => {
  pushes = 0;
});

const post = (headers: Record<string, string>, payload = PUSH) =>
  app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

describe("GitHub's push webhook", () => {
  it.each<[string, Record<string, string>, string, number]>([
    ['no signature', { 'x-github-event': 'push' }, PUSH, 401],
    [
      'a signature with another secret',
      { 'x-github-event': 'push', 'x-hub-signature-256': signed(PUSH, 'another secret, just as long') },
      PUSH,
      401,
    ],
    ['a signature of another body', { 'x-github-event': 'push', 'x-hub-signature-256': signed('{}') }, PUSH, 401],
    ['a signature that is not one', { 'x-github-event': 'push', 'x-hub-signature-256': 'sha256=zz' }, PUSH, 401],
    [
      'a body over 5 MB',
      { 'x-github-event': 'push', 'x-hub-signature-256': signed('x') },
      'x'.repeat(5 * 1024 * 1024 + 1),
      413,
    ],
  ])('refuses %s, and starts no check', async (_case, headers, payload, status) => {
    const answer = await post(headers, payload);
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toHaveProperty('error');
    expect(pushes).toBe(0);
  });

  it('starts a check for a signed push or ping, and only accepts other events', async () => {
    expect((await post({ 'x-github-event': 'push', 'x-hub-signature-256': signed(PUSH) })).statusCode).toBe(202);
    expect((await post({ 'x-github-event': 'ping', 'x-hub-signature-256': signed(PUSH) })).statusCode).toBe(202);
    expect(pushes).toBe(2);
    expect((await post({ 'x-github-event': 'issues', 'x-hub-signature-256': signed(PUSH) })).statusCode).toBe(202);
    expect(pushes).toBe(2);
  });
});
