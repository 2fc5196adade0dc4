/**
 * Caddy's `file_server` on the site's built files, as a static deployment of the same build would run it: the
 * build's `.br` and `.gz` copies sent to the clients that accept them (`precompressed br gzip`), anything else
 * compressed on the way (`encode zstd gzip`), a folder's path answered with its index.html, and the headers the site
 * sends (the security headers, each prerendered page's Content-Security-Policy from dist/_headers.json and the
 * policy of everything else, a year's immutable caching for /_astro/). It serves plain HTTP on a loopback port
 * from a Caddyfile generated into a temporary folder, with no admin endpoint, no certificates and no access log,
 * for `npm run bench -- --only static` (scripts/bench/static.ts) to measure the site's server against.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NON_PAGE_POLICY } from '../../src/server/http/contentSecurityPolicy.ts';
import { loadPagePolicies, SECURITY_HEADERS, STATIC_HEADERS_FILE } from '../../src/server/securityHeaders.ts';
import { startProcess, type StartedProcess } from '../startProcess.ts';

const CADDY = '/usr/bin/caddy';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATED = 'public, max-age=0';

const quoted = (value: string) => {
  if (/["\n\\]/u.test(value)) throw new Error(`Cannot write ${value} into a Caddyfile`);
  return `"${value}"`;
};

/** The URL paths of each prerendered page, with its policy as the site's server sends it. */
function pagePolicies(buildDir: string): [string, string][] {
  const policyAt = loadPagePolicies(buildDir);
  const routes = (JSON.parse(readFileSync(path.join(buildDir, STATIC_HEADERS_FILE), 'utf8')) as { pathname: string }[])
    .map(({ pathname }) => pathname.replace(/\/$/u, ''))
    .flatMap((route) => [route || '/', `${route}/`, `${route}/index.html`, `${route}.html`]);
  return [...new Set(routes)].flatMap((urlPath) => {
    const policy = policyAt(urlPath);
    return policy === undefined ? [] : [[urlPath, policy] as [string, string]];
  });
}

/** The Caddyfile serving `buildDir`/client on 127.0.0.1:`port`. */
function caddyfile(buildDir: string, port: number): string {
  const pages = pagePolicies(buildDir).map(
    ([urlPath, policy]) => `\t\t${urlPath} ${quoted(policy)} ${quoted(REVALIDATED)}`,
  );
  const headers = Object.entries(SECURITY_HEADERS).map(([name, value]) => `\t\t${name} ${quoted(value)}`);
  return [
    '{',
    '\tadmin off',
    '\tauto_https off',
    '}',
    `http://127.0.0.1:${port} {`,
    `\troot * ${quoted(path.join(buildDir, 'client'))}`,
    '\tmap {path} {page_policy} {page_caching} {',
    ...pages,
    `\t\t~^/_astro/ ${quoted(NON_PAGE_POLICY)} ${quoted(IMMUTABLE)}`,
    `\t\tdefault ${quoted(NON_PAGE_POLICY)} ${quoted(REVALIDATED)}`,
    '\t}',
    '\theader {',
    ...headers,
    '\t\tContent-Security-Policy {page_policy}',
    '\t\tCache-Control {page_caching}',
    '\t}',
    '\ttry_files {path} {path}/index.html',
    '\tencode zstd gzip',
    '\tfile_server {',
    '\t\tprecompressed br gzip',
    '\t\tdisable_canonical_uris',
    '\t}',
    '}',
    '',
  ].join('\n');
}

/** Starts Caddy serving `buildDir`'s built files on `port`; stop() ends it and removes its folder. */
export async function startCaddy(buildDir: string, port: number): Promise<StartedProcess & { url: string }> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'isa-bench-caddy-'));
  const config = path.join(folder, 'Caddyfile');
  writeFileSync(config, caddyfile(buildDir, port));
  const url = `http://127.0.0.1:${port}`;
  const started = await startProcess(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
    what: `Caddy (port ${port})`,
    // Its own home, so that it writes its state into the temporary folder and nowhere else.
    env: { PATH: process.env.PATH, HOME: folder, XDG_CONFIG_HOME: folder, XDG_DATA_HOME: folder },
    ready: async () => (await fetch(`${url}/robots.txt`)).ok,
    intervalMs: 100,
    attempts: 100,
    cleanUp: () => rmSync(folder, { recursive: true, force: true }),
  });
  return { ...started, url };
}
