/**
 * The headers every answer gets from the server, whoever wrote the answer (@fastify/static,
 * Fastify's replies, or Astro writing to Node's response in middleware mode). One hook in the
 * server sets them rather than @fastify/helmet: helmet's headers go out through Fastify's reply,
 * which Astro's answers never pass, and the Content-Security-Policy is chosen per answer.
 */
import type http from 'node:http';
import onHeaders from 'on-headers';
import { HEADER_ONLY_DIRECTIVES, withHeaderOnlyDirectives } from './contentSecurityPolicy.ts';

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

/** Hashed build assets (/_astro/...): every answer at such a path, 304s included. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The Content-Security-Policy of answers that are not pages (scripts, styles, images, JSON,
 * XML, redirects): if one is ever opened as a document, it may load nothing and nobody may frame it.
 */
export const NON_PAGE_POLICY = `default-src 'none'; ${HEADER_ONLY_DIRECTIVES}`;

type PagePolicy = ((pathname: string) => string | undefined) | undefined;

/**
 * The Content-Security-Policy header of an answer, decided when its headers are complete:
 * - a prerendered page read at its path gets its own policy (`pagePolicy`, dist/_headers.json);
 * - a policy Astro set (on-demand pages, or a route that sets its own) is kept, with the
 *   header-only directives (frame-ancestors) added here, the one place that adds them;
 * - the 404 page, whichever path it answers, gets the 404 page's policy;
 * - a 304 without a policy gets none, so that the policy of the stored page stays as it was;
 * - anything else (assets, API answers, redirects, health) gets NON_PAGE_POLICY.
 */
function securityPolicyFor(
  response: http.ServerResponse,
  page: { pathname: string; isRead: boolean },
  pagePolicy: PagePolicy,
): string | undefined {
  const own = page.isRead ? pagePolicy?.(page.pathname) : undefined;
  if (own) return own;
  const current = response.getHeader('Content-Security-Policy');
  if (typeof current === 'string' && current.trim()) return withHeaderOnlyDirectives(current);
  if (response.statusCode === 304) return undefined;
  const isHtml = /^text\/html\b/i.test(String(response.getHeader('Content-Type') ?? ''));
  const notFoundPage = isHtml && response.statusCode === 404 ? pagePolicy?.('/404') : undefined;
  return notFoundPage ?? NON_PAGE_POLICY;
}

/** Gives `response` its Content-Security-Policy just before its headers go out. */
export function watchSecurityPolicy(
  response: http.ServerResponse,
  page: { pathname: string; isRead: boolean },
  pagePolicy: PagePolicy,
): void {
  onHeaders(response, () => {
    const policy = securityPolicyFor(response, page, pagePolicy);
    if (policy) response.setHeader('Content-Security-Policy', policy);
  });
}
