/** Real JPEG files of given sizes for tests of the photo rules, made once per test file with sharp. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export type Photos<Name extends string = string> = Record<Name, string> & { remove(): void };

export async function makePhotos<Name extends string>(sizes: Record<Name, [number, number]>): Promise<Photos<Name>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'content-photos-'));
  const files: Record<string, string> = {};
  for (const [name, size] of Object.entries<[number, number]>(sizes)) {
    const [width, height] = size;
    const file = path.join(folder, `${name}.jpg`);
    await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 140 } } })
      .jpeg({ quality: 60 })
      .toFile(file);
    files[name] = file;
  }
  return Object.assign(files, { remove: () => rmSync(folder, { recursive: true, force: true }) }) as Photos<Name>;
}
