/**
 * Serving the built files that were compressed at build time (src/integrations/precompress.ts):
 * at start the server lists every file in dist/client that has a `.br` or `.gz` copy, and a GET
 * or HEAD of such a file is answered from disk in the encoding the client prefers (brotli, then
 * gzip, then none, as negotiated by the `negotiator` package from Accept-Encoding), with
 * `Vary: Accept-Encoding`. The `send` package (the one @astrojs/node serves files with) does the
 * rest as for any other file: Content-Length, ETag and Last-Modified of the file sent, 304 for a
 * matching If-None-Match or If-Modified-Since (send asks the `fresh` package, as the site's own
 * answers do: see conditionalRequests.ts), HEAD without a body, ranges. So each encoding is
 * its own representation with its own validator, as HTTP caches expect.
 *
 * Everything else (other files, pages rendered on demand, the API) goes to the Astro handler,
 * whose answers the site server compresses on the fly.
 */
import { readdirSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import Negotiator from 'negotiator';
import send from 'send';
import { ENCODED_SUFFIX, ENCODINGS, PRECOMPRESSED_TYPES, type Encoding } from './precompressedTypes.ts';

export interface PrecompressedFile {
  /** The media type of the original. */
  contentType: string;
  /** The file of each encoding that exists, relative to the client folder ("/branches/index.html.br"). */
  variants: Partial<Record<Encoding, string>> & { identity: string };
}

/**
 * The encodings the client accepts, best first: higher quality first, and among equal qualities
 * the server's order of `available` (brotli before gzip before none).
 *
 * negotiator 1 takes that order as its `preferred` option; @types/negotiator still describes
 * 0.6, which had no such option, so the method is called through Reflect.
 */
function acceptedEncodings(acceptEncoding: string | undefined, available: readonly Encoding[]): string[] {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const result: unknown = Reflect.apply(negotiator.encodings, negotiator, [available, { preferred: available }]);
  return Array.isArray(result) ? result.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * The encoding to send among `available`: the one the client prefers ("br;q=0" refuses brotli),
 * brotli on a tie; none ("identity") when the client accepts none of them.
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[] = ENCODINGS,
): Encoding {
  const [best] = acceptedEncodings(acceptEncoding, available);
  return available.find((encoding) => encoding === best) ?? 'identity';
}

/** The URL paths a built file answers: "branches/index.html" -> "/branches", "/branches/" and itself. */
function urlPathsOf(relative: string): string[] {
  const url = `/${relative.split(path.sep).join('/')}`;
  if (url === '/index.html') return ['/', url];
  if (url.endsWith('/index.html')) {
    const dir = url.slice(0, -'/index.html'.length);
    return [dir, `${dir}/`, url];
  }
  return [url];
}

export class PrecompressedFiles {
  readonly #root: string;
  readonly #files: ReadonlyMap<string, PrecompressedFile>;

  private constructor(root: string, files: ReadonlyMap<string, PrecompressedFile>) {
    this.#root = root;
    this.#files = files;
  }

  /** Lists the precompressed files of a build's client folder (dist/client). */
  static load(clientDir: string): PrecompressedFiles {
    const names = new Set(
      readdirSync(clientDir, { recursive: true, encoding: 'utf8' }).map((name) => name.split(path.sep).join('/')),
    );
    const files = new Map<string, PrecompressedFile>();
    for (const name of names) {
      const contentType = PRECOMPRESSED_TYPES[path.posix.extname(name).toLowerCase()];
      if (!contentType) continue;
      const variants: PrecompressedFile['variants'] = { identity: `/${name}` };
      if (names.has(name + ENCODED_SUFFIX.br)) variants.br = `/${name}${ENCODED_SUFFIX.br}`;
      if (names.has(name + ENCODED_SUFFIX.gzip)) variants.gzip = `/${name}${ENCODED_SUFFIX.gzip}`;
      if (!variants.br && !variants.gzip) continue;
      for (const urlPath of urlPathsOf(name)) files.set(urlPath, { contentType, variants });
    }
    return new PrecompressedFiles(clientDir, files);
  }

  /** How many URL paths are answered from precompressed files. */
  get size(): number {
    return this.#files.size;
  }

  /** The precompressed file answering a URL path (as requested, without the query), if any. */
  lookup(pathname: string): PrecompressedFile | undefined {
    try {
      return this.#files.get(decodeURI(pathname));
    } catch {
      return undefined;
    }
  }

  /**
   * Sends `file` in the encoding the client prefers. If the file has gone from the disk since
   * the start (a build in place), `fallback` answers instead, as if it had never been listed.
   */
  serve(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    file: PrecompressedFile,
    fallback: () => void,
  ): void {
    const available = ENCODINGS.filter((encoding) => file.variants[encoding] !== undefined);
    const encoding = preferredEncoding(request.headers['accept-encoding'], available);
    response.setHeader('Vary', 'Accept-Encoding');
    response.setHeader('Content-Type', file.contentType);
    if (encoding !== 'identity') response.setHeader('Content-Encoding', encoding);
    const stream = send(request, file.variants[encoding] ?? file.variants.identity, {
      root: this.#root,
      index: false,
      dotfiles: 'deny',
    });
    stream.on('error', (error: unknown) => {
      const status = error instanceof Error ? Number(Reflect.get(error, 'status')) : 500;
      if (status === 404 && !response.headersSent) {
        for (const name of ['Vary', 'Content-Type', 'Content-Encoding']) response.removeHeader(name);
        fallback();
        return;
      }
      if (status >= 500) console.error('Sending a precompressed file failed:', error);
      if (!response.headersSent) response.writeHead(Number.isInteger(status) ? status : 500);
      response.end();
    });
    stream.pipe(response);
  }
}
