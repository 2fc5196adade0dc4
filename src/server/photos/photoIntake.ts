/**
 * Every event photo that enters the embedded store passes through here: an upload in the events
 * admin and a photo copied by the importer from the society's old backend. Photos of real people
 * pass through, so (OWASP File Upload Cheat Sheet):
 *
 * - the type is decided by the bytes (file-type's magic numbers, then sharp must agree), never by
 *   the file's name or the type the browser claims: JPEG, PNG or WebP only; HEIC/HEIF (an
 *   iPhone's default) gets its own message asking for JPEG; SVG, HTML and anything else are refused;
 * - size limits before any decoding: at most 20 MB a file and 120 million pixels (more than any
 *   phone camera's 108 MP), so a small file cannot unpack into gigabytes (a decompression bomb);
 * - the photo is turned upright from its EXIF orientation, scaled to at most 2000 px on its long
 *   side (never enlarged) and re-encoded: JPEG, or WebP when it has transparency. Re-encoding
 *   drops everything but the pixels: EXIF (GPS position, camera, owner, dates), XMP, IPTC and
 *   comments are never written (sharp keeps no metadata unless told to), colours are converted
 *   to sRGB;
 * - one photo is decoded at a time (`PHOTO_INTAKE_CONCURRENCY`, through p-limit), by one libvips
 *   thread (`sharp.concurrency`, for the whole process): a batch of 40 phone photos never decodes
 *   at once, the server's memory stays bounded, and however large the photos an editor sends,
 *   decoding keeps at most one core busy while the others serve visitors (two 16-bit
 *   PNGs of 120 MP, decoded two at a time with libvips' thread per core, took a public page from
 *   18 to 137 ms; in the history of docs/performance.md).
 *
 * Refusals are `PhotoRefusedError`s whose message can be shown to the person who sent the file:
 * it names no path and repeats nothing from the file.
 */
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { HEIF_TYPES, UPLOAD_FORMATS } from '../../lib/imageTypes.ts';

/** OWASP: a limit on every upload. A 12 MP phone JPEG is 3 to 8 MB; a 50 MP one about 15 MB. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/** Decoded pixels allowed (width × height): a 108 MP phone camera fits, a decompression bomb does not. */
const MAX_PHOTO_PIXELS = 120_000_000;
/** The long side of a stored photo: sharp enough for a full-screen view on a large monitor. */
export const MAX_PHOTO_SIDE = 2000;
/** Photos decoded at once. Each 12 MP JPEG needs about 50 MB while it is scaled, an interlaced 120 MP PNG 830 MB. */
export const PHOTO_INTAKE_CONCURRENCY = 1;
/** libvips threads per image, for every image this process decodes (the visitors' resized photos too). */
const LIBVIPS_THREADS = 1;
sharp.concurrency(LIBVIPS_THREADS);

const JPEG_QUALITY = 82;
const WEBP_QUALITY = 85;

export type PhotoRefusal = 'empty' | 'too-large' | 'heic' | 'not-a-photo' | 'unreadable' | 'too-many-pixels';

export class PhotoRefusedError extends Error {
  override name = 'PhotoRefusedError';
  readonly reason: PhotoRefusal;

  constructor(reason: PhotoRefusal, message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface ProcessedPhoto {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/webp';
  /** The extension of the stored file: ".jpg" or ".webp". */
  extension: '.jpg' | '.webp';
  width: number;
  height: number;
}

const NOT_A_PHOTO = 'This file is not a JPEG, PNG or WebP photo.';
const UNREADABLE = 'The photo could not be read: the file may be damaged or incomplete.';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** sharp's name of the format of `bytes`, judged by their size and first bytes; throws the refusal otherwise. */
async function sniffFormat(bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength === 0) throw new PhotoRefusedError('empty', 'The file is empty.');
  if (bytes.byteLength > MAX_PHOTO_BYTES) {
    throw new PhotoRefusedError(
      'too-large',
      `The file is larger than ${megabytes(MAX_PHOTO_BYTES)}. Please send a smaller photo (a phone's "large" or "medium" size is plenty).`,
    );
  }
  const type = await fileTypeFromBuffer(bytes);
  if (type && HEIF_TYPES.has(type.mime)) {
    throw new PhotoRefusedError(
      'heic',
      'This is a HEIC photo (an iPhone\'s usual format), which browsers cannot show. Please send it as JPEG: on the iPhone, Settings → Camera → Formats → "Most Compatible", or share it by e-mail or export it as JPEG first.',
    );
  }
  const format = type && UPLOAD_FORMATS[type.mime];
  if (!format) throw new PhotoRefusedError('not-a-photo', NOT_A_PHOTO);
  return format;
}

async function reencode(bytes: Uint8Array, expectedFormat: string): Promise<ProcessedPhoto> {
  // failOn stays at sharp's default, 'warning', the level sharp's documentation advises for untrusted input.
  const input = () => sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, animated: false });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    const tooMany = error instanceof Error && /pixel limit/i.test(error.message);
    throw tooMany
      ? new PhotoRefusedError('too-many-pixels', 'The photo has too many pixels. Please send a smaller photo.')
      : new PhotoRefusedError('unreadable', UNREADABLE);
  }
  if (metadata.format !== expectedFormat) {
    throw new PhotoRefusedError('not-a-photo', NOT_A_PHOTO);
  }
  const pipeline = input()
    .autoOrient()
    .resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true });
  const transparent = metadata.hasAlpha === true;
  try {
    const { data, info } = transparent
      ? await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true })
      : await pipeline
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: transparent ? 'image/webp' : 'image/jpeg',
      extension: transparent ? '.webp' : '.jpg',
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new PhotoRefusedError('unreadable', UNREADABLE);
  }
}

const limit = pLimit(PHOTO_INTAKE_CONCURRENCY);

/**
 * `bytes` as a photo fit to store: upright, at most MAX_PHOTO_SIDE px, re-encoded without any
 * metadata. Throws PhotoRefusedError (with a message for the sender) for anything else.
 */
export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  const format = await sniffFormat(bytes);
  return limit(() => reencode(bytes, format));
}

/** Photos being decoded now (at most PHOTO_INTAKE_CONCURRENCY). */
export function photosInProcess(): number {
  return limit.activeCount;
}
