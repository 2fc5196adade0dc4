/**
 * Image paths of event records. The society's backend sometimes writes a doubled slash after
 * the Admin segment ("/Admin//uploads/x.jpg"); it is corrected to one. Relative paths are
 * resolved against the backend's origin so that the browser can load them from this site.
 */

/** "/Admin//uploads/a.jpg" -> "/Admin/uploads/a.jpg", also inside full URLs; other slashes stay. */
export function fixImagePath(imagePath: string): string {
  return imagePath.replace(/(\/Admin)\/{2,}/gi, '$1/');
}

/** A corrected path made absolute against `origin` when it is not already a full URL. */
export function resolveImagePath(imagePath: string, origin: string): string {
  const fixed = fixImagePath(imagePath.trim());
  if (!fixed) return fixed;
  if (/^https?:\/\//i.test(fixed)) return fixed;
  return new URL(fixed.startsWith('/') ? fixed : `/${fixed}`, origin).href;
}
