/**
 * Each answer's Content-Security-Policy, set when its headers are complete, whoever wrote them (no
 * onSend hook sees Astro's). @fastify/helmet sends one policy for all; a page read at its path gets
 * the build's own (src/server/securityHeaders.ts), which the adapter sends none of in middleware mode
 * and matched by substring in standalone mode (@astrojs/node serve-static.js; withastro/astro pull
 * request 16673, closed), giving "/" the 404 page's.
 */
import type http from 'node:http';
import onHeaders from 'on-headers';

/** Directives only a header can carry, added here (the one place) to every policy. */
const HEADER_ONLY_DIRECTIVES = "frame-ancestors 'none'";

export function withHeaderOnlyDirectives(policy: string): string {
  const trimmed = policy.trim().replace(/;$/, '');
  return trimmed.includes('frame-ancestors') ? trimmed : `${trimmed}; ${HEADER_ONLY_DIRECTIVES}`;
}

/** What is not a page (scripts, images, JSON, redirects): if opened as a document, it may load nothing. */
export const NON_PAGE_POLICY = `default-src 'none'; ${HEADER_ONLY_DIRECTIVES}`;

type PagePolicy = ((pathname: string) => string | undefined) | undefined;
type Page = { pathname: string; isRead: boolean };

/**
 * A page read at its path gets its own; Astro's (on-demand pages) is kept, with frame-ancestors; the 404 page gets
 * the 404 page's at any path; a 304 without one, none (the stored page's stays); anything else, NON_PAGE_POLICY.
 */
function policyFor(response: http.ServerResponse, page: Page, pagePolicy: PagePolicy) {
  const own = page.isRead ? pagePolicy?.(page.pathname) : undefined;
  if (own) return own;
  const current = response.getHeader('Content-Security-Policy');
  if (typeof current === 'string' && current.trim()) return withHeaderOnlyDirectives(current);
  if (response.statusCode === 304) return undefined;
  const isHtml = /^text\/html\b/i.test(String(response.getHeader('Content-Type') ?? ''));
  return (isHtml && response.statusCode === 404 ? pagePolicy?.('/404') : undefined) ?? NON_PAGE_POLICY;
}

export function watchSecurityPolicy(response: http.ServerResponse, page: Page, pagePolicy: PagePolicy): void {
  onHeaders(response, () => {
    const policy = policyFor(response, page, pagePolicy);
    if (policy) response.setHeader('Content-Security-Policy', policy);
  });
}
