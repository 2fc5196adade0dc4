/**
 * The Content-Security-Policy of each prerendered page, as a real HTTP header.
 *
 * Astro computes every page's policy at build (`security.csp` in astro.config.mjs: the hashes of
 * its inline scripts and styles, and the frame hosts a page adds with Astro.csp.insertDirective()).
 * With the Node adapter's `staticHeaders` option it writes the policies of prerendered pages to
 * dist/_headers.json, one entry per route ({ pathname, headers: [{ key, value }] }), instead of a
 * <meta http-equiv> tag in each page; on-demand pages get theirs as a header from Astro itself.
 * The site server reads that file once at start and sends each page its policy, with the
 * directives only a header can carry (frame-ancestors).
 *
 * Why the server's own lookup: in middleware mode the adapter serves no files, so nothing else
 * sends these policies; and its standalone file server, which does, finds a page's entry with
 * `entry.pathname.includes(requestPath)` (@astrojs/node serve-static.js; upstream: withastro/astro
 * pull request 16673, "match static-header routes by equality instead of substring", closed), so
 * "/" would get the first entry's policy (the 404 page's) and "/branches/" none; it also adds no
 * frame-ancestors and sends no policy with the 404 page. No Fastify plugin reads _headers.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The file @astrojs/node writes with `staticHeaders: true`, in the build's folder (dist/). */
export const STATIC_HEADERS_FILE = '_headers.json';

const staticHeadersSchema = z.array(
  z.object({
    pathname: z.string().startsWith('/'),
    headers: z.array(z.object({ key: z.string(), value: z.string() })),
  }),
);

/** Directives only a header can carry. */
export const HEADER_ONLY_DIRECTIVES = "frame-ancestors 'none'";

/** A policy with the header-only directives added (once). */
export function withHeaderOnlyDirectives(policy: string): string {
  const trimmed = policy.trim().replace(/;$/, '');
  return trimmed.includes('frame-ancestors') ? trimmed : `${trimmed}; ${HEADER_ONLY_DIRECTIVES}`;
}

/**
 * The URL paths that serve a route's built page, found on disk as the adapter's file server finds
 * them: "/branches" (branches/index.html) at "/branches", "/branches/" and "/branches/index.html";
 * "/" at "/" and "/index.html"; "/404" (404.html) at "/404" and "/404.html".
 */
function servedPaths(clientDir: string, pathname: string): string[] {
  const route = pathname.replace(/\/$/, '');
  if (existsSync(path.join(clientDir, route, 'index.html'))) {
    return route === '' ? ['/', '/index.html'] : [route, `${route}/`, `${route}/index.html`];
  }
  if (existsSync(path.join(clientDir, `${route}.html`))) return [route, `${route}.html`];
  return [pathname];
}

/**
 * A lookup from URL path to the header policy of the prerendered page served there, from the
 * build's dist/_headers.json (`buildDir` is dist/, its pages in dist/client).
 */
export function loadPagePolicies(buildDir: string): (pathname: string) => string | undefined {
  const file = path.join(buildDir, STATIC_HEADERS_FILE);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: the pages' security policies are written there; run "npm run build".`);
  }
  const parsed = staticHeadersSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not what @astrojs/node writes: ${z.prettifyError(parsed.error)}`);
  const clientDir = path.join(buildDir, 'client');
  const policies = new Map<string, string>();
  for (const { pathname, headers } of parsed.data) {
    const policy = headers.find(({ key }) => key.toLowerCase() === 'content-security-policy')?.value;
    if (!policy) continue;
    for (const urlPath of servedPaths(clientDir, pathname)) policies.set(urlPath, withHeaderOnlyDirectives(policy));
  }
  return (pathname) => policies.get(pathname);
}
