/**
 * A photo's file as the events store keeps it: DATA_DIR/uploads/events/<id>/<random name><extension
 * of its type> (the name a browser sent is never used), checked and stripped by photoIntake.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOADS_PATH } from '../../lib/events/fixImagePath.ts';
import { processPhoto } from '../photos/photoIntake.ts';

/** Processes and stores a photo's file for event `id`; returns its public path. Refusals are PhotoRefusedErrors. */
export async function storePhotoFile(uploadsDir: string, id: number, bytes: Uint8Array): Promise<string> {
  const photo = await processPhoto(bytes);
  const folder = path.join(uploadsDir, 'events', String(id));
  await mkdir(folder, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}${photo.extension}`;
  // Written whole under a hidden name (never served), then renamed: a failed write leaves nothing.
  const temporary = path.join(folder, `.upload-${name}`);
  try {
    await writeFile(temporary, photo.bytes, { flag: 'wx' });
    await rename(temporary, path.join(folder, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return `${UPLOADS_PATH}events/${id}/${name}`;
}
