/**
 * GitHub's webhook of published releases, answered by a release's server when DEPLOY_WEBHOOK_SECRET
 * is set: `POST /api/deploy` with a body signed by that secret (X-Hub-Signature-256, checked by
 * Octokit's own `verify`) makes the deploy look for a new release at once instead of at its next poll.
 * It only says "look now": what is fetched comes from DEPLOY_RELEASES, never from the body, so polling
 * alone works the same. The deploy remembers each delivery (X-GitHub-Delivery), so a replayed one
 * fetches nothing. An unsigned or wrongly signed call is refused (401).
 */
import { verify } from '@octokit/webhooks-methods';
import type { FastifyPluginAsync } from 'fastify';
import { JSON_ANSWER_HEADERS } from '../http/jsonAnswer.ts';

export const WEBHOOK_PATH = '/api/deploy';
/** GitHub sends at most 25 MB; a release event is far smaller. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** The events that can mean a new release: GitHub's first call (ping) and a release's. */
const EVENTS = new Set(['release', 'ping']);

/** The route: `onRelease` runs for each correctly signed release event (and ping), with its delivery's id. */
export function githubWebhook(secret: string, onRelease: (delivery: string | undefined) => void): FastifyPluginAsync {
  return async (app) => {
    // The body as GitHub signed it, whatever its type; Fastify answers 413 to one over the limit.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    app.post<{ Body: string }>(WEBHOOK_PATH, async (request, reply) => {
      reply.headers(JSON_ANSWER_HEADERS);
      const body = request.body;
      const signature = request.headers['x-hub-signature-256'];
      if (typeof signature !== 'string' || !(await verify(secret, body, signature).catch(() => false))) {
        reply.code(401);
        return JSON.stringify({ error: 'The signature is missing or wrong' });
      }
      const event = request.headers['x-github-event'];
      const delivery = request.headers['x-github-delivery'];
      if (typeof event === 'string' && EVENTS.has(event)) {
        onRelease(typeof delivery === 'string' && /^[\w-]{1,100}$/.test(delivery) ? delivery : undefined);
      }
      reply.code(202);
      return JSON.stringify({ ok: true });
    });
  };
}
