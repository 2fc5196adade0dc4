/**
 * The built files' compressed copies, made once at build time, and what the site promises about them
 * (tests/unit/precompressedFiles.test.ts and tests/e2e/precompressed.spec.ts fail when it breaks):
 * 1. Every HTML, CSS, JavaScript, SVG, JSON and XML file of at least 1 KiB in dist/client gets a brotli copy (`.br`,
 *    the highest quality) and a gzip copy (`.gz`, level 9) next to it, each the original's bytes once decoded, and
 *    kept only when smaller than the original. Nothing else gets one.
 * 2. The site server (@fastify/static's `preCompressed`, src/server/http/siteServer.ts) sends a client the copy it
 *    accepts in place of the original, with its own length and ETag and `Vary: Accept-Encoding`, and the original
 *    when it accepts none or the copy is missing; a copy is never answered at its own path (`/index.html.br` is
 *    Astro's 404).
 * Why: brotli's highest quality is too slow for each request, and it is what puts the home page's first answer in
 * a phone's first round trip: 12.8 KB against 15.3 KB at the quality 4 `compression` uses on the way, past the 14.6 KB
 * a new connection carries first (docs/performance.md: the largest paint's target).
 *
 * Runs last among the build steps (astro.config.mjs), after the search index is written.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { AstroIntegration } from 'astro';
import pLimit from 'p-limit';

/** The kinds of file compressed: text that compresses well, by file extension. */
const PRECOMPRESSED_EXTENSIONS = new Set(['.html', '.css', '.js', '.mjs', '.svg', '.json', '.xml']);
/** The file name ending of each compressed copy, written next to its original (as @fastify/static reads them). */
const ENCODED_SUFFIX = { br: '.br', gzip: '.gz' } as const;
/** Files smaller than this are left alone (as the on-the-fly compression leaves them): 1 KiB. */
const PRECOMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PrecompressSummary {
  files: number;
  originalBytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Whether a file is one the site serves precompressed (by its extension and size). */
async function isCandidate(file: string): Promise<boolean> {
  if (!PRECOMPRESSED_EXTENSIONS.has(path.extname(file).toLowerCase())) return false;
  return (await stat(file)).size >= PRECOMPRESS_MIN_BYTES;
}

/** Writes `.br` and `.gz` next to every candidate file under `dir`; returns what it did. */
export async function precompressDirectory(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, originalBytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const limit = pLimit(2);
  const files = await filesUnder(dir);
  await Promise.all(
    files.map((file) =>
      limit(async () => {
        if (!(await isCandidate(file))) return;
        const original = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(original, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
            },
          }),
          gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        summary.files += 1;
        summary.originalBytes += original.length;
        // A copy that saves nothing is not written: the original is then sent as it is.
        if (br.length < original.length) {
          await writeFile(file + ENCODED_SUFFIX.br, br);
          summary.brotliBytes += br.length;
        }
        if (gz.length < original.length) {
          await writeFile(file + ENCODED_SUFFIX.gzip, gz);
          summary.gzipBytes += gz.length;
        }
      }),
    ),
  );
  return summary;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** The build step: precompresses the client output (dist/client) when the build is done. */
export function precompress(): AstroIntegration {
  return {
    name: 'isa:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const summary = await precompressDirectory(fileURLToPath(dir));
        logger.info(
          `${summary.files} files, ${kib(summary.originalBytes)} -> ${kib(summary.brotliBytes)} brotli, ` +
            `${kib(summary.gzipBytes)} gzip, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      },
    },
  };
}
