/**
 * The prerendered pages' policies come from the file @astrojs/node writes with staticHeaders
 * (dist/_headers.json), and the site server's lookup wins over what the adapter's static handler
 * sets (it matches "/" to the first entry).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inlineCodeHashes,
  loadPagePolicies,
  policyForPage,
  STATIC_HEADERS_FILE,
  withOwnPolicy,
} from '../../src/server/securityHeaders.ts';
import { listeningSiteServer } from './listeningSiteServer.ts';

/** A CSP source naming inline code by its hash, as Astro writes it. */
const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
/** Each page's inline code (the pages below have one script each). */
const PAGES = { 'index.html': 'home()', '404.html': 'notFound()', 'branches/index.html': 'branches()' };

const HOME = `default-src 'self'; script-src 'self' ${hashOf('home()')}; frame-src https://www.youtube-nocookie.com`;
const NOT_FOUND = `default-src 'self'; script-src 'self' ${hashOf('notFound()')};`;
const BRANCHES = `default-src 'self'; script-src 'self' ${hashOf('branches()')}`;
/** As Astro writes them: every page's policy names the inline code of every page. */
const withOthers = (policy: string) =>
  policy.replace(/script-src 'self' '[^']+'/, `script-src 'self' ${Object.values(PAGES).map(hashOf).join(' ')}`);
const framed = (policy: string) => `${policy.replace(/;$/, '')}; frame-ancestors 'none'`;

let buildDir: string;
const entry = (pathname: string, value: string) => ({
  pathname,
  headers: [{ key: 'Content-Security-Policy', value }],
});

beforeAll(() => {
  buildDir = mkdtempSync(path.join(tmpdir(), 'csp-'));
  mkdirSync(path.join(buildDir, 'client/branches'), { recursive: true });
  for (const [file, code] of Object.entries(PAGES)) {
    writeFileSync(path.join(buildDir, 'client', file), `<!doctype html><title>t</title><script>${code}</script>`);
  }
  // The adapter's order: the 404 page first.
  const headers = [
    entry('/404', withOthers(NOT_FOUND)),
    entry('/branches', withOthers(BRANCHES)),
    entry('/', withOthers(HOME)),
  ];
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
  ])('gives %s its page policy with frame-ancestors, naming only its own inline code', (pathname, policy) => {
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

describe('policyForPage', () => {
  const page = [
    '<!doctype html><head><style>p{color:red}</style><script type="module">run()</script>',
    '<script src="/_astro/a.js"></script></head><body><template><script>later()</script></template>',
    '<SCRIPT data-x="a>b">\r\nshout()</SCRIPT><textarea><script>notCode()</script></textarea></body>',
  ].join('');

  it('finds inline scripts and styles as the browser does', () => {
    expect(inlineCodeHashes(page)).toEqual(
      new Set([hashOf('p{color:red}'), hashOf('run()'), hashOf('later()'), hashOf('\nshout()')]),
    );
  });

  it("keeps only the hashes of the page's own inline code, and every other source", () => {
    const astro = [
      `default-src 'self'`,
      `script-src 'self' ${hashOf('run()')} ${hashOf('other()')} 'sha384-kept' ${hashOf('\nshout()')}`,
      `style-src 'self' ${hashOf('p{color:red}')} ${hashOf('q{}')}`,
      `img-src 'self' data:`,
    ].join('; ');
    expect(policyForPage(astro, page)).toBe(
      [
        `default-src 'self'`,
        ` script-src 'self' ${hashOf('run()')} 'sha384-kept' ${hashOf('\nshout()')}`,
        ` style-src 'self' ${hashOf('p{color:red}')}`,
        ` img-src 'self' data:`,
      ].join(';'),
    );
  });

  it('keeps the whole policy of a page whose server island puts HTML in later', () => {
    const policy = `script-src 'self' ${hashOf('other()')}`;
    const island = '<script type="module" data-island-id="x">await fetch("/_server-islands/A")</script>';
    expect(policyForPage(policy, island)).toBe(policy);
  });
});

describe('withOwnPolicy (pages rendered on demand)', () => {
  const policy = `default-src 'self'; script-src 'self' ${hashOf('mine()')} ${hashOf('theirs()')}`;
  const answer = (body: string, type = 'text/html; charset=utf-8') =>
    new Response(body, {
      status: 200,
      headers: { 'Content-Type': type, 'Content-Security-Policy': policy, ETag: 'x' },
    });

  it("names only the page's own inline code and keeps the page and its other headers", async () => {
    const page = '<!doctype html><p>é</p><script>mine()</script>';
    for (let time = 0; time < 2; time++) {
      const response = await withOwnPolicy(answer(page));
      expect(response.headers.get('Content-Security-Policy')).toBe(
        `default-src 'self'; script-src 'self' ${hashOf('mine()')}`,
      );
      expect(response.headers.get('ETag')).toBe('x');
      expect(await response.text()).toBe(page);
    }
  });

  it('leaves what is not HTML, and answers without a policy, as they are', async () => {
    const json = answer('{"script":"<script>x()</script>"}', 'application/json');
    expect(await withOwnPolicy(json)).toBe(json);
    const bare = new Response('<script>x()</script>', { headers: { 'Content-Type': 'text/html' } });
    expect(await withOwnPolicy(bare)).toBe(bare);
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
