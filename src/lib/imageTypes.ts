/**
 * The image types of the site, in one place: what it serves and shows (content photos, event
 * photos under /Admin/uploads/), what it resizes and takes from the events backend (raster
 * photos, never SVG, which can carry scripts), and what the admin may upload (JPEG, PNG, WebP;
 * an iPhone's HEIC is recognised only to be refused with advice).
 */

/** Raster photos, by file extension. */
const RASTER_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

/** Every image type the site serves or shows, by file extension (lower case, with the dot). */
export const IMAGE_CONTENT_TYPES: Readonly<Record<string, string>> = { ...RASTER_TYPES, '.svg': 'image/svg+xml' };

/** The extensions of IMAGE_CONTENT_TYPES without the dot: "jpg", "jpeg", … "svg". */
export const IMAGE_EXTENSIONS: readonly string[] = Object.keys(IMAGE_CONTENT_TYPES).map((extension) =>
  extension.slice(1),
);

const RASTER = new Set(Object.values(RASTER_TYPES));

/** Whether `contentType` is a raster photo: one the site resizes, and takes from the events backend. */
export function isRasterPhoto(contentType: string): boolean {
  return RASTER.has(contentType);
}

/** The types an uploaded photo may be (judged from its bytes), with sharp's name of each. */
export const UPLOAD_FORMATS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** HEIC and HEIF, as file-type names them: iPhone photos, which browsers cannot show. */
export const HEIF_TYPES: ReadonlySet<string> = new Set([
  'image/heic',
  'image/heic-sequence',
  'image/heif',
  'image/heif-sequence',
]);

const UPLOAD_EXTENSIONS = Object.keys(RASTER_TYPES).filter((extension) => {
  const type = RASTER_TYPES[extension];
  return type !== undefined && type in UPLOAD_FORMATS;
});

/**
 * The file chooser's `accept`: only what the server takes, the upload types and their extensions
 * (a picker that offers .heic invites a file that is then refused). A HEIC photo dropped
 * on the page is still refused with advice.
 */
export const UPLOAD_ACCEPT = [...Object.keys(UPLOAD_FORMATS), ...UPLOAD_EXTENSIONS].join(',');
