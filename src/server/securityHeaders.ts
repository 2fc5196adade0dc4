/**
 * What the site's answers carry for security, decided here and sent by the site server
 * (src/server/http/): the headers every answer carries, and the Content-Security-Policy of each
 * prerendered page, read once at start from the build. Astro computes every page's policy at build
 * (`security.csp`: the hashes of its inline scripts and styles, the frame hosts a page adds); with
 * the Node adapter's `staticHeaders` it writes those of prerendered pages to dist/_headers.json
 * ({ pathname, headers: [{ key, value }] } per route) instead of a <meta> tag.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { withHeaderOnlyDirectives } from './http/contentSecurityPolicy.ts';

/** Headers every answer carries (the Content-Security-Policy is chosen per answer). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** The file @astrojs/node writes with `staticHeaders: true`, in the build's folder (dist/). */
export const STATIC_HEADERS_FILE = '_headers.json';

const staticHeadersSchema = z.array(
  z.object({
    pathname: z.string().startsWith('/'),
    headers: z.array(z.object({ key: z.string(), value: z.string() })),
  }),
);

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
