/**
 * The events API's routes on the site server (`npm start`): each call to POST
 * /Admin/api/events_list or event_details_list is answered by eventsApi.ts from Fastify's own
 * request and reply, without going through Astro's handler, whose work for each request (a Fetch
 * API Request made from Node's, routing, the middleware, the Response copied back) cost four
 * fifths of the API's rate (in the git history of docs/performance.md, 2026-11-25). These are the
 * only routes of these paths in the build: under `astro dev`, where this server does not run, an
 * Astro route made for development only answers them with the same code
 * (src/integrations/devEventsApi.ts).
 * @fastify/compress compresses their answers.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { EventsSource } from '../events/EventsSource.ts';
import { readLimitedRequest } from '../http/readBody.ts';
import { EVENTS_API, type ApiCall } from './eventsApi.ts';

function callOf(request: FastifyRequest, publicOrigin: string): ApiCall {
  const { headers } = request.raw;
  const hasBody = headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
  return {
    method: request.method,
    headers: {
      get: (name) => {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    publicOrigin,
    text: async (maxBytes) => (hasBody ? readLimitedRequest(request.raw, maxBytes) : ''),
  };
}

/**
 * Registers the API's routes (each path with and without its trailing slash, as Astro's routes); a form
 * post must come from `publicOrigin` (SITE_URL's, src/lib/siteUrl.ts), whatever Host it names.
 */
export function eventsApiRoutes(source: EventsSource, publicOrigin: string): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyCompress, { threshold: 1024 });
    for (const [path, answer] of Object.entries(EVENTS_API)) {
      for (const url of [path, `${path}/`]) {
        // Every method the site answers reaches the API, which refuses all but POST itself (405, Allow: POST).
        app.route({
          method: ['GET', 'POST'],
          url,
          handler: async (request, reply) => {
            const { status, headers, body } = await answer(callOf(request, publicOrigin), source);
            reply.code(status).headers(headers);
            return body; // Not the reply, a thenable that Fastify would wait on (src/server/http/siteServer.ts).
          },
        });
      }
    }
  };
}
