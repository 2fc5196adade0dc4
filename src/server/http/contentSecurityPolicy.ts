/**
 * The Content-Security-Policy of each prerendered page, as a real HTTP header. Astro writes the
 * policy of a prerendered page (hashes of its inline scripts and styles, and the frame hosts the
 * page adds) into a <meta http-equiv> tag; on-demand pages get it as a header from Astro itself.
 * At start the server reads those tags from the built HTML once, and sends each as a header,
 * with the directives a <meta> tag cannot carry (frame-ancestors).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const META_CSP = /<meta http-equiv="content-security-policy" content="([^"]+)"/i;

/** Directives only a header can carry. */
export const HEADER_ONLY_DIRECTIVES = "frame-ancestors 'none'";

/** A policy with the header-only directives added (once). */
export function withHeaderOnlyDirectives(policy: string): string {
  const trimmed = policy.trim().replace(/;$/, '');
  return trimmed.includes('frame-ancestors') ? trimmed : `${trimmed}; ${HEADER_ONLY_DIRECTIVES}`;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The URL paths a built HTML file answers: "/branches/index.html" -> "/branches", "/branches/". */
function pathsOf(relative: string): string[] {
  const url = `/${relative.split(path.sep).join('/')}`;
  if (url === '/index.html') return ['/', url];
  if (url.endsWith('/index.html')) {
    const dir = url.slice(0, -'/index.html'.length);
    return [dir, `${dir}/`, url];
  }
  return [url, url.replace(/\.html$/, '')];
}

/** A lookup from URL path to the header policy of the prerendered page served there. */
export function loadPagePolicies(clientDir: string): (pathname: string) => string | undefined {
  const policies = new Map<string, string>();
  for (const file of htmlFiles(clientDir)) {
    const match = META_CSP.exec(readFileSync(file, 'utf8'));
    if (!match?.[1]) continue;
    const policy = withHeaderOnlyDirectives(decodeAttribute(match[1]));
    for (const urlPath of pathsOf(path.relative(clientDir, file))) policies.set(urlPath, policy);
  }
  return (pathname) => policies.get(pathname);
}
