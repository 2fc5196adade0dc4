/**
 * The one way the site writes an absolute URL (canonical links, Open Graph, structured data,
 * the sitemap, robots.txt): from its configured public address, SITE_URL, which the build
 * takes as Astro's `site` (astro.config.mjs). Never from a request: its Host header is whatever
 * the visitor sent (`Host: evil.example.com` must not end up in a page that caches may keep).
 */

/** The address the site is built for when SITE_URL is not set: a placeholder under example.org. */
export const EXAMPLE_SITE_URL = 'https://isa-tamilnadu.example.org/';

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

/**
 * `pathOrUrl` as an absolute URL on the site at `site` (Astro's `site`): a path is resolved
 * against it, an absolute URL (a photo on another host) is kept as it is.
 */
export function absoluteUrl(pathOrUrl: string, site: URL | undefined): string {
  if (!site) throw new Error('The site has no public address: set `site` in astro.config.mjs (from SITE_URL).');
  return new URL(pathOrUrl, site).href;
}
