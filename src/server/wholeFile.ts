/**
 * A file written whole or not at all: a photo uploaded or imported (DATA_DIR/uploads) and a file of the photo cache
 * (diskCache.ts). The bytes go to a hidden name beside it (one the uploads route never serves, and the cache deletes
 * when it next reads its folder), which is then renamed: a reader sees the old file or the new one, and a failed
 * write (a full disk) leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes `bytes` as `file` (replacing it), making its folder first. */
export async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.part`);
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
