/** Real JPEG files of given sizes for tests of the photo rules, made once per test file with sharp. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export interface Photos<Name extends string> {
  /** The file of the photo made under this name. */
  path(name: Name): string;
  remove(): void;
}

export async function makePhotos<Name extends string>(sizes: Record<Name, [number, number]>): Promise<Photos<Name>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'content-photos-'));
  const files = new Map<string, string>();
  for (const [name, [width, height]] of Object.entries<[number, number]>(sizes)) {
    const file = path.join(folder, `${name}.jpg`);
    await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 140 } } })
      .jpeg({ quality: 60 })
      .toFile(file);
    files.set(name, file);
  }
  return {
    path(name) {
      const file = files.get(name);
      if (!file) throw new Error(`No photo was made under the name "${name}"`);
      return file;
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
