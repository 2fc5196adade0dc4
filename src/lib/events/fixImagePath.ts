/**
 * Image paths of event records. The society's backend writes a doubled slash after the Admin
 * segment, in every form a record can take: relative ("Admin//uploads/x.jpg"), absolute
 * ("/Admin//uploads/x.jpg") and full URLs ("https://host/Admin//uploads/x.jpg"); it is
 * corrected to one, whatever the letter case. Its photos live under /Admin/uploads/ on its own
 * origin, and the site serves them at the same path (fetching them from the backend), so
 * records keep site-relative paths that the Content-Security-Policy (img-src 'self') lets the
 * browser load.
 */
/** Where event photos are served, by the site as by the society's backend. */
export const UPLOADS_PATH = '/Admin/uploads/';

/** A full URL's scheme and host ("https://host:8080"), or a protocol-relative one's ("//host"). */
const URL_ORIGIN = /^(?:[a-z][a-z\d+.-]*:)?\/\/[^/?#]*/i;

/** "Admin" as a whole path segment in any letter case, the slashes after it, and "uploads/" right after. */
const ADMIN_SEGMENT = /(^|\/)(admin)\/+(uploads\/)?/gi;

/**
 * A record's image path with the Admin segment corrected: the slashes after it become one, and
 * the photo folder gets the spelling the site serves ("Admin/uploads/", in any letter case
 * before); a relative path that starts with the Admin segment is taken from the backend's root.
 * The host of a full URL and every other slash stay as they are.
 *
 *   "Admin//uploads/a.jpg"               -> "/Admin/uploads/a.jpg"
 *   "/ADMIN//Uploads/a.jpg"              -> "/Admin/uploads/a.jpg"
 *   "https://host/Admin//uploads/a.jpg"  -> "https://host/Admin/uploads/a.jpg"
 */
export function fixImagePath(imagePath: string): string {
  const origin = URL_ORIGIN.exec(imagePath)?.[0] ?? '';
  const fixed = imagePath
    .slice(origin.length)
    .replace(ADMIN_SEGMENT, (_match, before: string, admin: string, uploads?: string) =>
      uploads ? `${before}Admin/uploads/` : `${before}${admin}/`,
    );
  return origin || !/^admin\//i.test(fixed) ? origin + fixed : `/${fixed}`;
}

/**
 * A backend image path as the site serves it: a corrected path (relative, absolute, or a full
 * URL on the backend's `origin`) under /Admin/uploads/ becomes the site-relative path; anything
 * else (another host, another folder) stays a full URL, which the site cannot serve.
 */
export function sitePathOf(imagePath: string, origin: string): string {
  const fixed = fixImagePath(imagePath.trim());
  if (!fixed) return fixed;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:|^\//i.test(fixed) ? fixed : `/${fixed}`, origin);
  } catch {
    return fixed;
  }
  if (url.origin === origin && url.pathname.startsWith(UPLOADS_PATH)) return url.pathname;
  return url.href;
}
