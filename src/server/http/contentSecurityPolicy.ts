/**
 * Each answer's Content-Security-Policy, as a real HTTP header. Astro computes every page's policy
 * at build (`security.csp`: the hashes of its inline scripts and styles, the frame hosts a page
 * adds); with the Node adapter's `staticHeaders` it writes those of prerendered pages to
 * dist/_headers.json ({ pathname, headers: [{ key, value }] } per route) instead of a <meta> tag.
 * Why the site's own lookup: in middleware mode the adapter serves no files, so nothing else sends
 * these policies, and its standalone file server matches `entry.pathname.includes(requestPath)`
 * (@astrojs/node serve-static.js; upstream: withastro/astro pull request 16673, "match
 * static-header routes by equality instead of substring", closed), so "/" would get the 404 page's
 * policy; it also adds no frame-ancestors. No Fastify plugin reads _headers.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import onHeaders from 'on-headers';
import { z } from 'zod';

/** The file @astrojs/node writes with `staticHeaders: true`, in the build's folder (dist/). */
export const STATIC_HEADERS_FILE = '_headers.json';

const staticHeadersSchema = z.array(
  z.object({
    pathname: z.string().startsWith('/'),
    headers: z.array(z.object({ key: z.string(), value: z.string() })),
  }),
);

/** Directives only a header can carry, added here (the one place) to every policy. */
const HEADER_ONLY_DIRECTIVES = "frame-ancestors 'none'";

function withHeaderOnlyDirectives(policy: string): string {
  const trimmed = policy.trim().replace(/;$/, '');
  return trimmed.includes('frame-ancestors') ? trimmed : `${trimmed}; ${HEADER_ONLY_DIRECTIVES}`;
}

/** What is not a page (scripts, images, JSON, redirects): if opened as a document, it may load nothing. */
export const NON_PAGE_POLICY = `default-src 'none'; ${HEADER_ONLY_DIRECTIVES}`;

/**
 * The URL paths that serve a route's built page, found on disk as @fastify/static finds them:
 * "/branches" (branches/index.html) at "/branches", "/branches/" and "/branches/index.html";
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

/** A lookup from URL path to the policy of the prerendered page there (`buildDir`: dist/, pages in dist/client). */
export function loadPagePolicies(buildDir: string): (pathname: string) => string | undefined {
  const file = path.join(buildDir, STATIC_HEADERS_FILE);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: the pages' security policies are written there; run "npm run build".`);
  }
  const parsed = staticHeadersSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not what @astrojs/node writes: ${z.prettifyError(parsed.error)}`);
  const policies = new Map<string, string>();
  for (const { pathname, headers } of parsed.data) {
    const policy = headers.find(({ key }) => key.toLowerCase() === 'content-security-policy')?.value;
    if (!policy) continue;
    const paths = servedPaths(path.join(buildDir, 'client'), pathname);
    for (const urlPath of paths) policies.set(urlPath, withHeaderOnlyDirectives(policy));
  }
  return (pathname) => policies.get(pathname);
}

type PagePolicy = ((pathname: string) => string | undefined) | undefined;

/**
 * The policy of an answer, decided when its headers are complete: a prerendered page read at its
 * path gets its own; a policy Astro set (on-demand pages) is kept, with frame-ancestors added; the
 * 404 page gets the 404 page's, whichever path it answers; a 304 without one gets none (the stored
 * page's stays); anything else NON_PAGE_POLICY.
 */
function policyFor(response: http.ServerResponse, page: { pathname: string; isRead: boolean }, pagePolicy: PagePolicy) {
  const own = page.isRead ? pagePolicy?.(page.pathname) : undefined;
  if (own) return own;
  const current = response.getHeader('Content-Security-Policy');
  if (typeof current === 'string' && current.trim()) return withHeaderOnlyDirectives(current);
  if (response.statusCode === 304) return undefined;
  const isHtml = /^text\/html\b/i.test(String(response.getHeader('Content-Type') ?? ''));
  return (isHtml && response.statusCode === 404 ? pagePolicy?.('/404') : undefined) ?? NON_PAGE_POLICY;
}

/** Gives `response` its Content-Security-Policy just before its headers go out, whoever wrote it. */
export function watchSecurityPolicy(
  response: http.ServerResponse,
  page: { pathname: string; isRead: boolean },
  pagePolicy: PagePolicy,
): void {
  onHeaders(response, () => {
    const policy = policyFor(response, page, pagePolicy);
    if (policy) response.setHeader('Content-Security-Policy', policy);
  });
}
