/**
 * Which built files are compressed once at build time (src/integrations/precompress.ts) and
 * served compressed from disk by the site server (precompressedFiles.ts): text that compresses
 * well, by file extension, with the media type each is served as.
 */

/** The encodings made at build time, in the server's order of preference, and the original. */
export const ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The file name ending of each compressed copy, written next to its original. */
export const ENCODED_SUFFIX: Readonly<Record<Exclude<Encoding, 'identity'>, string>> = { br: '.br', gzip: '.gz' };

/** The media type of each kind of file that is precompressed. */
export const PRECOMPRESSED_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/** Files smaller than this are left alone (as the on-the-fly compression leaves them): 1 KiB. */
export const PRECOMPRESS_MIN_BYTES = 1024;
