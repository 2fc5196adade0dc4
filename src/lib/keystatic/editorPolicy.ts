/**
 * The headers of every answer of the content editor (/keystatic and /api/keystatic): never
 * cached, never indexed, and for its page the narrowest Content-Security-Policy it runs with.
 * The site's policy (astro.config.mjs) allows no inline style and only hashed inline scripts;
 * Keystatic's page has inline scripts Astro does not hash (its route comes from a package) and
 * its React components set styles at run time. So the editor's page, and only it, gets its own
 * policy: its inline scripts by hash, inline styles allowed, and in `github` mode the GitHub API
 * and avatars. Public pages keep theirs (the middleware calls this for editor paths only).
 * The site server adds frame-ancestors to it, and gives the editor's other answers (no policy of
 * their own) the policy of what is not a page (NON_PAGE_POLICY in src/server/securityHeaders.ts).
 */
import { createHash } from 'node:crypto';

const GITHUB_SOURCES = {
  connect: ['https://api.github.com'],
  img: ['https://avatars.githubusercontent.com'],
};

/** sha256 sources of the inline scripts of a page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

export function editorPolicy(html: string, storage: 'local' | 'github'): string {
  const github = storage === 'github';
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...(github ? GITHUB_SOURCES.img : [])].join(' '),
    ["connect-src 'self'", ...(github ? GITHUB_SOURCES.connect : [])].join(' '),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Every answer of the editor's: never stored by a cache, never indexed. */
const EDITOR_HEADERS = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };

/** The editor's answer with its headers: no-store, noindex and, for its page, its own policy. */
export async function withEditorHeaders(response: Response, storage: 'local' | 'github'): Promise<Response> {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(EDITOR_HEADERS)) headers.set(name, value);
  headers.delete('etag');
  const isPage = (headers.get('content-type') ?? '').startsWith('text/html');
  if (!isPage) {
    headers.delete('content-security-policy');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  const html = await response.text();
  headers.set('content-security-policy', editorPolicy(html, storage));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/** What a server that does not offer the editor answers under its paths. */
export function editorNotFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...EDITOR_HEADERS },
  });
}
