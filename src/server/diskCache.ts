/**
 * A folder of cached files with a size limit: when a new file would take the folder past
 * `maxBytes`, the least recently used files are deleted first. Used for event photos under
 * DATA_DIR/cache/photos: resized copies (photoCache.ts) and, with the society's backend, the
 * photos fetched from it (RemoteEventsSource).
 *
 * The index (name, size, order of use) is kept in memory with lru-cache, built from the folder
 * at first use (oldest modification first) and kept up to date as files are read and written;
 * a read touches the file's modification time, so the order survives a restart. Files are
 * written whole (wholeFile.ts), and a file that has vanished (the folder emptied by
 * `npm run seed`, say) is simply a miss.
 */
import { readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { writeWhole } from './wholeFile.ts';

interface DiskCacheOptions {
  dir: string;
  /** The most the files may take together (default 512 MiB). */
  maxBytes?: number;
}

/** Names the cache writes: hex, an optional dot and extension, no folders. */
const NAME = /^[0-9a-z-]{1,128}(\.[0-9a-z]{1,8})?$/;

function isMissing(error: unknown): boolean {
  return error instanceof Error && Reflect.get(error, 'code') === 'ENOENT';
}

export class DiskCache {
  readonly dir: string;
  readonly maxBytes: number;
  /** File name -> size in bytes, least recently used first to go. */
  readonly #index: LRUCache<string, number>;
  #loaded: Promise<void> | undefined;
  /** Files the index has let go of, to delete. */
  #evicted: string[] = [];

  constructor({ dir, maxBytes = 512 * 1024 * 1024 }: DiskCacheOptions) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.#index = new LRUCache<string, number>({
      maxSize: maxBytes,
      sizeCalculation: (size) => Math.max(size, 1),
      dispose: (_size, name, reason) => {
        if (reason === 'evict') this.#evicted.push(name);
      },
    });
  }

  /** The bytes of the file `name`, or undefined when it is not in the cache. */
  async read(name: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
    await this.#load();
    const file = this.#file(name);
    try {
      const bytes = new Uint8Array(await readFile(file));
      if (!this.#index.has(name)) this.#index.set(name, bytes.byteLength);
      else this.#index.get(name);
      const now = new Date();
      void utimes(file, now, now).catch(() => undefined);
      return bytes;
    } catch (error) {
      if (!isMissing(error)) throw error;
      this.#index.delete(name);
      return undefined;
    }
  }

  /** Keeps `bytes` as the file `name` (replacing it), making room first; too large to keep is not kept. */
  async write(name: string, bytes: Uint8Array): Promise<void> {
    await this.#load();
    if (bytes.byteLength > this.maxBytes) return;
    await writeWhole(this.#file(name), bytes);
    // Indexed once written: the least recently used files beyond maxBytes are deleted now.
    this.#index.set(name, bytes.byteLength);
    await this.#deleteEvicted();
  }

  /** Deletes the file `name`, if it is there. */
  async remove(name: string): Promise<void> {
    await this.#load();
    const file = this.#file(name);
    this.#index.delete(name);
    await rm(file, { force: true });
  }

  /** What the files take together, as far as the index knows. */
  async size(): Promise<number> {
    await this.#load();
    return this.#index.calculatedSize;
  }

  async #deleteEvicted(): Promise<void> {
    const names = this.#evicted.splice(0);
    await Promise.all(names.map((name) => rm(path.join(this.dir, name), { force: true })));
  }

  #file(name: string): string {
    if (!NAME.test(name)) throw new Error(`Not a cache file name: ${name}`);
    return path.join(this.dir, name);
  }

  /** Indexes the files already in the folder, oldest first, deleting what is over the limit. */
  #load(): Promise<void> {
    this.#loaded ??= (async () => {
      let names: string[];
      try {
        names = await readdir(this.dir);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      const files = await Promise.all(
        names.map(async (name) => {
          const full = path.join(this.dir, name);
          const info = await stat(full).catch(() => undefined);
          // Half-written files of a process that stopped, and anything the cache did not write, go.
          if (!info?.isFile() || !NAME.test(name)) {
            if (info?.isFile()) await rm(full, { force: true });
            return undefined;
          }
          return { name, size: info.size, used: info.mtimeMs };
        }),
      );
      for (const file of files.filter((entry) => entry !== undefined).sort((a, b) => a.used - b.used)) {
        this.#index.set(file.name, file.size);
      }
      await this.#deleteEvicted();
    })();
    return this.#loaded;
  }
}
