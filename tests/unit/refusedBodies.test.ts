/**
 * A body refused before it is read (too large by its Content-Length): the connection stays usable.
 * The rest of a body up to DRAIN_LIMIT_BYTES is read and dropped, so that the client's next request on
 * the same connection is answered, never reset; a longer one is answered with `Connection: close`.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsApiRoutes } from '../../src/server/api/eventsRoutes.ts';
import type { EventsSource } from '../../src/server/events/EventsSource.ts';
import { DRAIN_LIMIT_BYTES } from '../../src/server/http/unreadBodies.ts';
import { listeningSiteServer } from './listeningSiteServer.ts';

const noEvents: EventsSource = {
  listEvents: async () => [],
  eventDetails: async () => [],
  openPhoto: async () => undefined,
  isHealthy: async () => true,
  close: async () => {},
};

let server: http.Server;
let port: number;
/** One connection kept alive at a time, as a browser's to one site may be. */
const oneConnection = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  // Astro's part answers every POST 413 at once, by its Content-Length, as the site's forms do.
  ({ server, port } = await listeningSiteServer(
    (request, response) => {
      if (request.method === 'POST') response.writeHead(413, { 'Content-Type': 'text/plain' }).end('too large');
      else response.writeHead(200, { 'Content-Type': 'text/plain' }).end('astro');
    },
    { log: false, routes: eventsApiRoutes(noEvents, 'http://127.0.0.1') },
  ));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  connection: string | undefined;
  reused: boolean;
}

/** One request through `agent`: `body` sent whole, or with a longer length `declared`; no answer in 5 s fails. */
function ask(agent: http.Agent, path: string, method: string, body?: Buffer, declared?: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'Content-Type': 'application/json' };
    if (declared !== undefined) headers['Content-Length'] = declared;
    const request = http.request({ host: '127.0.0.1', port, path, method, agent, headers }, (response) => {
      response.resume();
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          reused: request.reusedSocket,
        }),
      );
    });
    request.once('error', reject);
    request.setTimeout(5000, () => request.destroy(new Error(`No answer to ${method} ${path} within 5 s`)));
    if (declared === undefined || body === undefined) request.end(body);
    else request.write(body); // The rest never comes: the answer must not wait for it.
  });
}

describe('a refused body', () => {
  const twoMegabytes = Buffer.alloc(2 * 1024 * 1024, 'a');

  it.each(['/Admin/api/events_list', '/Contact-Us'])(
    'of 2 MB to %s: 413, and the next request on the same connection is answered',
    async (path) => {
      const agent = oneConnection();
      await ask(agent, '/robots.txt', 'GET');
      const refused = await ask(agent, path, 'POST', twoMegabytes);
      expect([refused.status, refused.connection, refused.reused]).toEqual([413, 'keep-alive', true]);
      const next = await ask(agent, '/robots.txt', 'GET');
      expect([next.status, next.reused]).toEqual([200, true]);
      agent.destroy();
    },
  );

  it('longer than the drain limit: 413 with Connection: close, at once', async () => {
    const agent = oneConnection();
    const path = '/Admin/api/events_list';
    const refused = await ask(agent, path, 'POST', Buffer.alloc(1024, 'a'), DRAIN_LIMIT_BYTES + 1);
    expect([refused.status, refused.connection]).toEqual([413, 'close']);
    const next = await ask(agent, '/robots.txt', 'GET');
    expect([next.status, next.reused]).toEqual([200, false]);
    agent.destroy();
  });
});
