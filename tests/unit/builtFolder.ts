/**
 * A small build output for the tests of the site server's static files (precompressedFiles.test.ts): two pages,
 * a script under /_astro/, a stylesheet too small to compress and a picture, with the `.br` and `.gz` copies the
 * build writes, but for /branches/ only its gzip copy (a page whose brotli copy is missing). Returns its folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { precompressDirectory } from '../../src/integrations/precompress.ts';

/** A page large enough to be worth compressing. */
export const PAGE = `<!doctype html><title>Branches</title>${'<p>Dr. Example, Secretary, Salem branch.</p>'.repeat(100)}`;

export async function builtFolder(prefix: string, script: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dir, 'branches'));
  mkdirSync(path.join(dir, '_astro'));
  writeFileSync(path.join(dir, 'index.html'), PAGE);
  writeFileSync(path.join(dir, 'branches', 'index.html'), PAGE.replace('Branches', 'Our Branches'));
  writeFileSync(path.join(dir, '_astro', 'island.Bx1.js'), script);
  writeFileSync(path.join(dir, 'tiny.css'), 'p{margin:0}');
  writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(4096, 7));
  await precompressDirectory(dir);
  rmSync(path.join(dir, 'branches', 'index.html.br'));
  return dir;
}
