/**
 * The events API's Fastify routes (src/server/api/eventsRoutes.ts) on the site server: every call
 * to the API's paths is answered there, never by Astro's handler, with the API's own answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventsApiRoutes } from '../../src/server/api/eventsRoutes.ts';
import type { EventsSource } from '../../src/server/events/EventsSource.ts';
import { openEventsSource } from '../../src/server/events/index.ts';
import { NON_PAGE_POLICY } from '../../src/server/securityHeaders.ts';
import { listeningSiteServer } from './listeningSiteServer.ts';
import { SECURITY_HEADERS } from '../../src/server/securityHeaders.ts';
import { parseProxyTrust, readServerSettings } from '../../src/server/settings.ts';
import { send } from '../e2e/rawHttp.ts';

/** The events source the settings in `env` choose, as `npm start` opens it. */
const eventsSourceOf = (env: NodeJS.ProcessEnv) => {
  const settings = readServerSettings(env);
  return openEventsSource(settings.events, settings.store.dataDir);
};

const LIST = '/Admin/api/events_list';
const DETAILS = '/Admin/api/event_details_list';
/** The site's public origin (SITE_URL's): form posts must come from it, whatever Host they name. */
const PUBLIC_ORIGIN = 'https://isa.example.org';
/** An event with many photos, so that its details are long enough to be compressed. */
const MANY_PHOTOS = 40;

let dataDir: string;
let source: EventsSource;
const servers: http.Server[] = [];
let base: string;
let proxied: string;
/** Paths Astro's handler was handed (none of the API's may be among them). */
const toAstro: string[] = [];

async function start(trustProxy?: string): Promise<string> {
  const { server, url } = await listeningSiteServer(
    (request, response) => {
      toAstro.push(request.url ?? '');
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('astro');
    },
    {
      log: false,
      routes: eventsApiRoutes(
        {
          ...source,
          listEvents: () => source.listEvents(),
          eventDetails: async (id) =>
            id === 999
              ? Array.from({ length: MANY_PHOTOS }, (_, index) => ({
                  event_image: `/Admin/uploads/events/999/${index + 1}.jpg`,
                  img_description: `Hands-on airway workshop, station ${index + 1} of ${MANY_PHOTOS}`,
                }))
              : source.eventDetails(id),
        },
        PUBLIC_ORIGIN,
      ),
      ...(trustProxy && { trustProxy: parseProxyTrust(trustProxy) }),
    },
  );
  servers.push(server);
  return url;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'events-routes-'));
  vi.spyOn(console, 'info').mockImplementation(() => {});
  source = await eventsSourceOf({ DATA_DIR: dataDir });
  base = await start();
  proxied = await start('loopback');
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await source.close();
  rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe('the events API on the site server', () => {
  it('answers the contract’s body-less POST with a brotli body and the site’s headers', async () => {
    const response = await fetch(`${base}${LIST}`, { method: 'POST', headers: { 'Accept-Encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // @fastify/compress writes the field name in lower case (names in Vary are case-insensitive: RFC 9110, 12.5.5).
    expect(response.headers.get('vary')).toMatch(/^accept-encoding$/i);
    expect(response.headers.get('content-security-policy')).toBe(NON_PAGE_POLICY);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
    // fetch decodes brotli itself; the body is the records, whole.
    expect(await response.json()).toEqual({ records: await source.listEvents() });
    expect(toAstro).toEqual([]);
  });

  it('answers with a JSON body, with a trailing slash and in gzip alike', async () => {
    const { request } = await import('node:http');
    const body = await new Promise<{ encoding?: string; bytes: Buffer }>((resolve, reject) => {
      const call = request(`${base}${LIST}/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' },
      });
      call.on('response', (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ encoding: answer.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
      });
      call.on('error', reject);
      call.end('{}');
    });
    expect(body.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(body.bytes).toString())).toEqual({ records: await source.listEvents() });
    expect(toAstro).toEqual([]);
  });

  it('compresses a long event_details_list answer on the way (@fastify/compress)', async () => {
    const response = await fetch(`${base}${DETAILS}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'br' },
      body: JSON.stringify({ eventId: 999 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    // fetch decodes it.
    const { records } = (await response.json()) as { records: unknown[] };
    expect(records).toHaveLength(MANY_PHOTOS);
  });

  it('refuses with the API’s own JSON errors, never handing the call to Astro', async () => {
    const get = await fetch(`${base}${LIST}`);
    expect([get.status, get.headers.get('allow'), await get.json()]).toEqual([
      405,
      'POST',
      { error: 'GET is not allowed here; use POST' },
    ]);
    const json = { 'Content-Type': 'application/json' };
    const bad = await fetch(`${base}${DETAILS}`, { method: 'POST', headers: json, body: '{"eventId": "x"}' });
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'eventId must be a positive whole number' }]);
    const declared = await fetch(`${base}${DETAILS}`, {
      method: 'POST',
      headers: { ...json, 'Content-Length': '9000' },
      body: 'x'.repeat(9000),
    });
    expect(declared.status).toBe(413);
    // Chunked, so only the bytes that arrive can tell.
    const chunked = await fetch(`${base}${DETAILS}`, {
      method: 'POST',
      headers: json,
      body: new Blob(['x'.repeat(9000)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect([chunked.status, await chunked.json()]).toEqual([
      413,
      { error: 'The request body is too large (more than 8192 bytes)' },
    ]);
    expect(toAstro).toEqual([]);
  });

  describe('compares a form post’s Origin with the public origin (SITE_URL’s), never with the request’s own', () => {
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    it.each([
      ['another site', () => base, () => ({ Origin: 'https://evil.example' })],
      ['the Host it was sent to', () => base, () => ({ Origin: base })],
      ['a forged Host', () => base, () => ({ Host: 'evil.example', Origin: 'http://evil.example' })],
      [
        'a trusted proxy’s X-Forwarded-Host and -Proto',
        () => proxied,
        () => ({
          Origin: 'https://www.example.org',
          'X-Forwarded-Proto': 'https',
          'X-Forwarded-Host': 'www.example.org',
        }),
      ],
    ])('refuses one from %s (403)', async (_from, server, headers) => {
      const answer = await send(`${server()}${DETAILS}`, {
        method: 'POST',
        headers: { ...form, ...headers() },
        body: 'eventId=1',
      });
      expect([answer.status, JSON.parse(answer.body)]).toEqual([
        403,
        { error: 'Forms on this site can only be sent from its own pages' },
      ]);
    });

    it.each([
      ['directly', () => base],
      ['through a trusted proxy', () => proxied],
    ])('takes one from the public origin, %s', async (_how, server) => {
      const own = await fetch(`${server()}${DETAILS}`, {
        method: 'POST',
        headers: { ...form, Origin: PUBLIC_ORIGIN },
        body: 'eventId=1',
      });
      expect(own.status).toBe(400); // Past the origin check: not JSON.
    });
  });
});
