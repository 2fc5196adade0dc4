/**
 * The one way the site writes an absolute URL (canonical links, Open Graph, structured data,
 * the sitemap, robots.txt, the links the admin mails or shows): from its configured public
 * address, SITE_URL, which the build takes as Astro's `site` (astro.config.mjs) and the server
 * as its public origin (publicOriginOf). Never from a request: its Host header is whatever the
 * visitor sent (`Host: evil.example.com` must not end up in a page that caches may keep, nor in
 * a password-reset mail).
 */

/** The address the site is built for when SITE_URL is not set: a placeholder under example.org. */
const EXAMPLE_SITE_URL = 'https://isa-tamilnadu.example.org/';

/**
 * The file in the build (dist/) that says what it was made for: its public address and where its
 * content editor saves (`github` or `local`), so that the server can warn at start when its own
 * settings disagree (src/server/settings.ts, src/lib/keystatic/access.ts).
 */
export const BUILD_INFO_FILE = 'build.json';

export interface BuildInfo {
  site?: string | undefined;
  editor?: 'github' | 'local' | undefined;
}

/** The build's record, or an empty one when it cannot be read. */
export function parseBuildInfo(text: string | undefined): BuildInfo {
  try {
    const value: unknown = JSON.parse(text ?? '');
    if (typeof value !== 'object' || value === null) return {};
    const site: unknown = Reflect.get(value, 'site');
    const editor: unknown = Reflect.get(value, 'editor');
    return {
      site: typeof site === 'string' ? site : undefined,
      editor: editor === 'github' || editor === 'local' ? editor : undefined,
    };
  } catch {
    return {};
  }
}

/** The public address SITE_URL names (blank or unset: the example address). */
export function siteUrlOf(value: string | undefined): URL {
  return new URL(value?.trim() || EXAMPLE_SITE_URL);
}

/** HOST values that listen on every address (no browser opens them): the public origin is then loopback's. */
export const EVERY_ADDRESS: ReadonlySet<string> = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The origin the server names in every absolute URL it writes (the links of e-mails and of the
 * staff page) and that every form post must come from (the same-origin checks): SITE_URL's origin,
 * or without it (development only: production does not start, src/server/settings.ts) the address
 * the server listens on, `http://HOST:PORT` (loopback for a HOST of every address). Never the
 * request's Host or X-Forwarded-Host, which whoever sends the request writes (OWASP Forgot Password
 * Cheat Sheet: a link built from the Host header is how reset links are poisoned).
 */
export function publicOriginOf(siteUrl: string | undefined, host: string, port: number): string {
  if (siteUrl?.trim()) return new URL(siteUrl.trim()).origin;
  const name = EVERY_ADDRESS.has(host) ? '127.0.0.1' : host;
  const bare = name.replace(/^\[|\]$/g, '');
  return new URL(`http://${bare.includes(':') ? `[${bare}]` : bare}:${port}`).origin;
}

/**
 * `pathOrUrl` as an absolute URL on the site at `site` (Astro's `site`): a path is resolved
 * against it, an absolute URL (a photo on another host) is kept as it is.
 */
export function absoluteUrl(pathOrUrl: string, site: URL | undefined): string {
  if (!site) throw new Error('The site has no public address: set `site` in astro.config.mjs (from SITE_URL).');
  return new URL(pathOrUrl, site).href;
}

/** Astro's `site` (from SITE_URL), required: calendar files and feeds name absolute addresses. */
export function siteOf(site: URL | undefined): URL {
  if (!site) throw new Error('The site has no public address: set `site` in astro.config.mjs (from SITE_URL).');
  return site;
}
