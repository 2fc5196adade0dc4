/**
 * One photo of the old backend into DATA_DIR/uploads: fetched through the remote source (its
 * timeout, size limit, photo types and refusal of redirects: RemoteEventsSource.openPhoto),
 * processed like a photo uploaded in the events admin (src/server/photos/photoIntake.ts:
 * upright, scaled, re-encoded without metadata) and kept at the path the backend gave it, under
 * the site's /Admin/uploads/, so that links to it keep working. When processing changes the
 * type (a PNG becomes a JPEG), the extension follows. A file already holding the same bytes is
 * left alone, so a second import rewrites nothing; a new file is written whole (wholeFile.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOADS_PATH } from '../../lib/events/fixImagePath.ts';
import { PhotoUnavailableError, type EventsSource } from '../events/EventsSource.ts';
import { PhotoRefusedError, processPhoto } from '../photos/photoIntake.ts';
import { checkUploadPath, contentTypeOf } from '../uploads.ts';
import { writeWhole } from '../wholeFile.ts';

/** Why a photo could not be copied, for the import report. */
export class PhotoImportError extends Error {
  override name = 'PhotoImportError';
}

export interface ImportedPhoto {
  /** The site path of the stored photo ("/Admin/uploads/events/3/1.jpg"). */
  sitePath: string;
  /** False when the stored file already held these bytes. */
  copied: boolean;
}

/** `relative` with the extension of `extension`'s type, unless its own already names that type. */
export function withExtensionOf(relative: string, extension: string): string {
  if (contentTypeOf(relative) === contentTypeOf(`photo${extension}`)) return relative;
  return relative.slice(0, relative.length - path.posix.extname(relative).length) + extension;
}

/** The photo below /Admin/uploads/ that a site path names, decoded and checked; throws if there is none. */
export function uploadPathOf(sitePath: string): string {
  if (!sitePath.startsWith(UPLOADS_PATH)) {
    throw new PhotoImportError(`it is not under the backend's ${UPLOADS_PATH}, so it cannot be copied`);
  }
  const relative = checkUploadPath(sitePath.slice(UPLOADS_PATH.length));
  if (!relative) throw new PhotoImportError('its path is not one the site can serve (not an image name, or unsafe)');
  return relative;
}

async function sameBytes(file: string, bytes: Uint8Array): Promise<boolean> {
  try {
    return Buffer.from(bytes).equals(await readFile(file));
  } catch {
    return false;
  }
}

/**
 * Copies the photo at `sitePath`. `refusal` names why the importer may not write a path below
 * uploads (it belongs to an event made in the admin), or undefined: asked before fetching, and
 * again for the path with the extension of the processed photo.
 */
export async function importPhoto(
  source: Pick<EventsSource, 'openPhoto'>,
  uploadsDir: string,
  sitePath: string,
  refusal: (relative: string) => string | undefined = () => undefined,
): Promise<ImportedPhoto> {
  const relative = uploadPathOf(sitePath);
  const refuse = (candidate: string) => {
    const reason = refusal(candidate);
    if (reason) throw new PhotoImportError(reason);
  };
  refuse(relative);
  let photo;
  try {
    photo = await source.openPhoto(relative);
  } catch (error) {
    if (error instanceof PhotoUnavailableError) throw new PhotoImportError(error.message);
    throw error;
  }
  if (!photo) throw new PhotoImportError('the events backend does not have it (404)');
  let processed;
  try {
    processed = await processPhoto(photo.bytes);
  } catch (error) {
    if (error instanceof PhotoRefusedError) throw new PhotoImportError(error.message);
    throw error;
  }
  const stored = withExtensionOf(relative, processed.extension);
  refuse(stored);
  const file = path.join(uploadsDir, ...stored.split('/'));
  const copied = !(await sameBytes(file, processed.bytes));
  if (copied) await writeWhole(file, processed.bytes);
  return { sitePath: withExtensionOf(sitePath, processed.extension), copied };
}
