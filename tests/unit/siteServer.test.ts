import type http from 'node:http';
import { writeResponse } from 'astro/app/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NON_PAGE_POLICY } from '../../src/server/securityHeaders.ts';
import { listeningSiteServer } from './listeningSiteServer.ts';
import { SECURITY_HEADERS } from '../../src/server/securityHeaders.ts';

const PAGE = `<!doctype html><title>t</title>${'<p>Safe anaesthesia for every patient.</p>'.repeat(200)}`;
/** The policies of the "prerendered" pages of this test server. */
const PAGE_POLICIES: Record<string, string> = {
  '/': "default-src 'self'; script-src 'self' 'sha256-home'; frame-ancestors 'none'",
  '/404': "default-src 'self'; script-src 'self' 'sha256-not-found'; frame-ancestors 'none'",
};
const ON_DEMAND_POLICY = "default-src 'self'; script-src 'self' 'sha256-event'";
let server: http.Server;
let base: string;
let healthy = true;
const logged: string[] = [];

beforeAll(async () => {
  ({ server, url: base } = await listeningSiteServer(
    (request, response) => {
      if (request.url === '/tiny') {
        response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': '9' }).end('<p>hi</p>');
      } else if (request.url === '/photo.jpg') {
        response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(Buffer.alloc(4096, 1));
      } else if (request.url?.startsWith('/_astro/')) {
        response.writeHead(200, { 'Content-Type': 'text/javascript' }).end('export {};');
      } else if (request.url === '/Events/1') {
        response
          .writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': ON_DEMAND_POLICY })
          .end('<h1>Event</h1>');
      } else if (request.url === '/raw-headers') {
        response
          .writeHead(200, ['Content-Type', 'text/html', 'Content-Security-Policy', ON_DEMAND_POLICY])
          .end('<h1>Event</h1>');
      } else if (request.url === '/Events/1?cached') {
        response.writeHead(304).end();
      } else if (request.url === '/breaks') {
        // A page that throws while it streams, written by Astro's own writeResponse.
        const body = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(PAGE));
            setTimeout(() => controller.error(new Error('the page threw')), 10);
          },
        });
        const page = new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
        void writeResponse(page, response);
      } else if (request.url === '/api') {
        response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end('{}');
      } else if (request.url === '/missing' || request.url === '/missing.json') {
        const type = request.url.endsWith('.json') ? 'application/json' : 'text/html; charset=utf-8';
        response.writeHead(404, { 'Content-Type': type }).end('Not found');
      } else {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
      }
    },
    {
      healthCheck: async () => {
        if (healthy) return true;
        throw new Error('the store is closed');
      },
      log: (line) => logged.push(line),
      pagePolicy: (pathname) => PAGE_POLICIES[pathname],
    },
  ));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the site server', () => {
  it.each([
    ['/Past-Webinars', '/past-webinars'],
    ['/Monthly-activities?place=Salem', '/monthly-activities?place=Salem'],
    ['/gallery/', '/Gallery'],
  ])('redirects %s permanently to %s', async (path, location) => {
    const response = await fetch(base + path, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(location);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])('compresses HTML for a browser that accepts %s', async (accept, encoding) => {
    const response = await fetch(`${base}/`, { headers: { 'Accept-Encoding': accept } });
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await response.text()).toBe(PAGE);
  });

  it('sends small answers, images and answers to clients without compression as they are', async () => {
    const tiny = await fetch(`${base}/tiny`, { headers: { 'Accept-Encoding': 'br' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    const photo = await fetch(`${base}/photo.jpg`, { headers: { 'Accept-Encoding': 'br' } });
    expect(photo.headers.get('content-encoding')).toBeNull();
    const plain = await fetch(`${base}/`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(PAGE);
  });

  it.each(['gzip', 'br', 'identity'])(
    'ends an answer whose page throws while it streams (Accept-Encoding: %s), cut off',
    async (accept) => {
      const outcome = await fetch(`${base}/breaks`, {
        headers: { 'Accept-Encoding': accept },
        signal: AbortSignal.timeout(3000),
      })
        .then((response) => response.text())
        .then(
          () => 'whole',
          (error: unknown) => (error instanceof Error && error.name === 'TimeoutError' ? 'never ended' : 'cut off'),
        );
      expect(outcome).toBe('cut off');
    },
  );

  it('gives every answer the security headers', async () => {
    for (const path of ['/', '/photo.jpg', '/Past-Webinars', '/healthz']) {
      const response = await fetch(base + path, { redirect: 'manual' });
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(response.headers.get(name), `${name} on ${path}`).toBe(value);
      }
    }
  });

  it.each([
    ['/', 'a prerendered page: its own policy', PAGE_POLICIES['/']],
    [
      '/Events/1',
      "an on-demand page: Astro's policy with frame-ancestors",
      `${ON_DEMAND_POLICY}; frame-ancestors 'none'`,
    ],
    ['/raw-headers', 'headers given to writeHead as a list: the same', `${ON_DEMAND_POLICY}; frame-ancestors 'none'`],
    ['/missing', "the 404 page at any path: the 404 page's policy", PAGE_POLICIES['/404']],
    ['/missing.json', 'a 404 that is not a page: nothing may load', NON_PAGE_POLICY],
    ['/_astro/page.Bx1.js', 'an asset: nothing may load', NON_PAGE_POLICY],
    ['/photo.jpg', 'an image: nothing may load', NON_PAGE_POLICY],
    ['/api', 'an API answer: nothing may load', NON_PAGE_POLICY],
    ['/Past-Webinars', 'a redirect: nothing may load', NON_PAGE_POLICY],
    ['/healthz', 'the health check: nothing may load', NON_PAGE_POLICY],
    ['/Events/1?cached', 'a 304 of a page: none, so the stored page keeps its own', null],
  ])('sends %s (%s) the right Content-Security-Policy', async (path, _, policy) => {
    const response = await fetch(base + path, { redirect: 'manual' });
    expect(response.headers.get('content-security-policy')).toBe(policy);
  });

  it("keeps no answer of Astro's for a year, even under /_astro/ (a missing asset), and leaves HTML to revalidate", async () => {
    const asset = await fetch(`${base}/_astro/page.Bx1.js`);
    expect(asset.headers.get('cache-control')).toBeNull();
    const page = await fetch(`${base}/`);
    expect(page.headers.get('cache-control')).toBeNull();
  });

  it('answers /healthz with 200 while the store works and 503 when it does not', async () => {
    healthy = true;
    const ok = await fetch(`${base}/healthz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok' });
    healthy = false;
    const down = await fetch(`${base}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable' });
    healthy = true;
  });

  it('logs one line per request: method, path without the query, status and time', async () => {
    logged.length = 0;
    await fetch(`${base}/photo.jpg?email=someone@example.org`);
    await expect.poll(() => logged.length).toBe(1);
    expect(logged[0]).toMatch(/^GET \/photo\.jpg 200 \d+\.\dms$/);
  });
});
