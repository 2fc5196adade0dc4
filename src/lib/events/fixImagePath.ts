/**
 * Image paths of event records. The society's backend sometimes writes a doubled slash after
 * the Admin segment ("/Admin//uploads/x.jpg"); it is corrected to one. Its photos live under
 * /Admin/uploads/ on its own origin, and the site serves them at the same path (fetching them
 * from the backend), so records keep site-relative paths that the Content-Security-Policy
 * (img-src 'self') lets the browser load.
 */

/** Where event photos are served, by the site as by the society's backend. */
export const UPLOADS_PATH = '/Admin/uploads/';

/** "/Admin//uploads/a.jpg" -> "/Admin/uploads/a.jpg", also inside full URLs; other slashes stay. */
export function fixImagePath(imagePath: string): string {
  return imagePath.replace(/(\/Admin)\/{2,}/gi, '$1/');
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
