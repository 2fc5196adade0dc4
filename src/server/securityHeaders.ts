/**
 * What the site's answers carry for security, decided here and sent by the site server
 * (src/server/http/): the headers every answer carries, and the Content-Security-Policy of each
 * prerendered page, read once at start from the build. Astro computes every page's policy at build
 * (`security.csp`: the hashes of its inline scripts and styles, the frame hosts a page adds); with
 * the Node adapter's `staticHeaders` it writes those of prerendered pages to dist/_headers.json
 * ({ pathname, headers: [{ key, value }] } per route) instead of a <meta> tag.
 *
 * Astro's policy for a page names the hashes of every inline script and style of the whole build
 * (40 on a page that has 5), about 1.8 KB of header on every page: enough to take the home page's
 * first answer past what a new connection carries in its first round trip (14.6 KB). Each page's
 * policy here keeps only the hashes of the inline scripts and styles that page has, found by an
 * HTML parser as the browser finds them: prerendered pages' once at start (loadPagePolicies), pages
 * rendered on demand as they are sent (withOwnPolicy, in src/middleware.ts). A page that fetches a
 * server island keeps the whole list, since the island's HTML, put in later, may bring inline code.
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { z } from 'zod';

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

/** Directives only a header can carry, added here (the one place) to every policy. */
const HEADER_ONLY_DIRECTIVES = "frame-ancestors 'none'";

function withHeaderOnlyDirectives(policy: string): string {
  const trimmed = policy.trim().replace(/;$/, '');
  return trimmed.includes('frame-ancestors') ? trimmed : `${trimmed}; ${HEADER_ONLY_DIRECTIVES}`;
}

/** What is not a page (scripts, images, JSON, redirects): if opened as a document, it may load nothing. */
export const NON_PAGE_POLICY = `default-src 'none'; ${HEADER_ONLY_DIRECTIVES}`;

/** The policy of the prerendered page at a path, if any (loadPagePolicies below). */
export type PagePolicy = ((pathname: string) => string | undefined) | undefined;
type Page = { pathname: string; isRead: boolean };

/**
 * The Content-Security-Policy of an answer, decided when its headers are complete (src/server/http/siteServer.ts).
 * A page read at its path gets its own (@fastify/helmet would send one policy for all; the adapter sends none in
 * middleware mode, and matched by substring in standalone mode, giving "/" the 404 page's: withastro/astro pull
 * request 16673, closed); Astro's (on-demand pages) is kept, with frame-ancestors; the 404 page gets the 404 page's
 * at any path; a 304 without one, none (the stored page's stays); anything else, NON_PAGE_POLICY.
 */
export function policyFor(response: http.ServerResponse, page: Page, pagePolicy: PagePolicy) {
  const own = page.isRead ? pagePolicy?.(page.pathname) : undefined;
  if (own) return own;
  const current = response.getHeader('Content-Security-Policy');
  if (typeof current === 'string' && current.trim()) return withHeaderOnlyDirectives(current);
  if (response.statusCode === 304) return undefined;
  const isHtml = /^text\/html\b/i.test(String(response.getHeader('Content-Type') ?? ''));
  return (isHtml && response.statusCode === 404 ? pagePolicy?.('/404') : undefined) ?? NON_PAGE_POLICY;
}

/** Policies already worked out for a page rendered on demand, by a hash of the policy and the page. */
const pagePolicies = new Map<string, string>();
/** Enough for every page of the site in a few versions; past it the memory starts afresh. */
const PAGE_POLICIES_KEPT = 500;

/**
 * An HTML answer rendered on demand with its Content-Security-Policy naming only its own inline
 * code (policyForPage); any other answer as it was. Reads the whole body: for pages, not streams.
 */
export async function withOwnPolicy(response: Response): Promise<Response> {
  const policy = response.headers.get('Content-Security-Policy');
  const isHtml = /^text\/html\b/i.test(response.headers.get('Content-Type') ?? '');
  if (!policy || !isHtml || !response.body) return response;
  const html = await response.text();
  const key = createHash('sha256').update(policy).update('\0').update(html).digest('base64');
  let own = pagePolicies.get(key);
  if (own === undefined) {
    own = policyForPage(policy, html);
    if (pagePolicies.size >= PAGE_POLICIES_KEPT) pagePolicies.clear();
    pagePolicies.set(key, own);
  }
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', own);
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/** The file @astrojs/node writes with `staticHeaders: true`, in the build's folder (dist/). */
export const STATIC_HEADERS_FILE = '_headers.json';

const staticHeadersSchema = z.array(
  z.object({
    pathname: z.string().startsWith('/'),
    headers: z.array(z.object({ key: z.string(), value: z.string() })),
  }),
);

/**
 * A route's built page and the URL paths that serve it, found on disk as @fastify/static finds them:
 * "/branches" (branches/index.html) at "/branches", "/branches/" and "/branches/index.html";
 * "/" at "/" and "/index.html"; "/404" (404.html) at "/404" and "/404.html".
 */
function builtPage(clientDir: string, pathname: string): { file?: string; paths: string[] } {
  const route = pathname.replace(/\/$/, '');
  const folderIndex = path.join(clientDir, route, 'index.html');
  if (existsSync(folderIndex)) {
    return {
      file: folderIndex,
      paths: route === '' ? ['/', '/index.html'] : [route, `${route}/`, `${route}/index.html`],
    };
  }
  const file = path.join(clientDir, `${route}.html`);
  if (existsSync(file)) return { file, paths: [route, `${route}.html`] };
  return { paths: [pathname] };
}

type HtmlNode = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

/** The CSP hashes ('sha256-…' sources) of a page's inline scripts and styles, as a browser computes them. */
export function inlineCodeHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  const visit = (node: HtmlNode) => {
    if ('tagName' in node && (node.tagName === 'script' || node.tagName === 'style')) {
      const isInline = !node.attrs.some((attribute) => attribute.name === 'src');
      if (isInline) {
        const text = node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
        hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
      }
    }
    const children = 'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
    for (const child of children) visit(child);
  };
  visit(parse(html));
  return hashes;
}

/** Astro's server island loader (a script with data-island-id): the page puts the island's HTML in later. */
const SERVER_ISLAND = /<script\b[^>]*\bdata-island-id=/i;

/**
 * `policy` without the hashes of inline code that `html` does not have: every 'sha256-…' source of
 * script-src and style-src must name one of the page's own inline scripts or styles. Kept whole for a
 * page with a server island (whose HTML, put in later, may bring inline code).
 */
export function policyForPage(policy: string, html: string): string {
  if (SERVER_ISLAND.test(html)) return policy;
  const own = inlineCodeHashes(html);
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'script-src' && name !== 'style-src') return directive;
      const kept = sources.filter((source) => !/^'sha256-/.test(source) || own.has(source));
      return `${directive.startsWith(' ') ? ' ' : ''}${[name, ...kept].join(' ')}`;
    })
    .join(';');
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
    const { file, paths } = builtPage(path.join(buildDir, 'client'), pathname);
    const pagePolicy = file ? policyForPage(policy, readFileSync(file, 'utf8')) : policy;
    for (const urlPath of paths) policies.set(urlPath, withHeaderOnlyDirectives(pagePolicy));
  }
  return (pathname) => policies.get(pathname);
}
