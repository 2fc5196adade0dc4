/**
 * The prerendered pages' policies come from the file @astrojs/node writes with staticHeaders
 * (dist/_headers.json), and the site server's lookup wins over what the adapter's static handler
 * sets (it matches "/" to the first entry).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPagePolicies, STATIC_HEADERS_FILE } from '../../src/server/securityHeaders.ts';
import { listeningSiteServer } from './listeningSiteServer.ts';

const HOME = "default-src 'self'; script-src 'self' 'sha256-home'; frame-src https://www.youtube-nocookie.com";
const NOT_FOUND = "default-src 'self'; script-src 'self' 'sha256-not-found';";
const BRANCHES = "default-src 'self'; script-src 'self' 'sha256-branches'";
const framed = (policy: string) => `${policy.replace(/;$/, '')}; frame-ancestors 'none'`;

let buildDir: string;
const entry = (pathname: string, value: string) => ({
  pathname,
  headers: [{ key: 'Content-Security-Policy', value }],
});

beforeAll(() => {
  buildDir = mkdtempSync(path.join(tmpdir(), 'csp-'));
  mkdirSync(path.join(buildDir, 'client/branches'), { recursive: true });
  for (const file of ['index.html', '404.html', 'branches/index.html']) {
    writeFileSync(path.join(buildDir, 'client', file), '<!doctype html><title>t</title>');
  }
  // The adapter's order: the 404 page first.
  const headers = [entry('/404', NOT_FOUND), entry('/branches', BRANCHES), entry('/', HOME)];
  writeFileSync(path.join(buildDir, STATIC_HEADERS_FILE), JSON.stringify(headers));
});

afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

describe('loadPagePolicies', () => {
  it.each([
    ['/', HOME],
    ['/index.html', HOME],
    ['/branches', BRANCHES],
    ['/branches/', BRANCHES],
    ['/branches/index.html', BRANCHES],
    ['/404', NOT_FOUND],
    ['/404.html', NOT_FOUND],
  ])('gives %s its page policy with frame-ancestors', (pathname, policy) => {
    expect(loadPagePolicies(buildDir)(pathname)).toBe(framed(policy));
  });

  it.each(['/branches.html', '/404/', '/Events/1', '/b'])('knows no policy at %s', (pathname) => {
    expect(loadPagePolicies(buildDir)(pathname)).toBeUndefined();
  });

  it('stops with the reason when the build has no headers file', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'csp-empty-'));
    try {
      expect(() => loadPagePolicies(empty)).toThrow(/_headers\.json is missing.*npm run build/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('stops with the reason when the headers file is not what the adapter writes', () => {
    const odd = mkdtempSync(path.join(tmpdir(), 'csp-odd-'));
    try {
      writeFileSync(path.join(odd, STATIC_HEADERS_FILE), JSON.stringify([{ pathname: 'branches', headers: {} }]));
      expect(() => loadPagePolicies(odd)).toThrow(/is not what @astrojs\/node writes/);
    } finally {
      rmSync(odd, { recursive: true, force: true });
    }
  });
});

describe('the site server with the adapter setting policies too', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    // As @astrojs/node's static handler does: the first entry whose pathname includes the path.
    const adapter = (request: http.IncomingMessage, response: http.ServerResponse) => {
      const pathname = request.url ?? '/';
      const matched = [entry('/404', NOT_FOUND), entry('/', HOME)].find((item) => item.pathname.includes(pathname));
      if (matched) response.setHeader('Content-Security-Policy', matched.headers[0]?.value ?? '');
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>page</p>');
    };
    ({ server, url: base } = await listeningSiteServer(adapter, {
      log: false,
      pagePolicy: loadPagePolicies(buildDir),
    }));
  });

  // fetch leaves the connection open; under load it can still be busy when close() shuts the idle ones.
  afterAll(async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  });

  it("sends the home page its own policy, not the first entry's that the adapter picked", async () => {
    const response = await fetch(`${base}/`);
    expect(response.headers.get('content-security-policy')).toBe(framed(HOME));
  });
});
