/**
 * The built files the server sends itself (dist/client): @astrojs/node's middleware mode serves no
 * files, so at start the server lists every built file and, for those compressed at build time
 * (src/integrations/precompress.ts), their `.br` and `.gz` copies. A GET or HEAD of one is answered
 * from disk by @fastify/static (`reply.sendFile`: Content-Length, ETag and Last-Modified of the file
 * sent, 304s by the `fresh` rules, HEAD, ranges), in the encoding the client prefers (brotli, then
 * gzip, then none, as negotiated by the `negotiator` package from Accept-Encoding), with
 * `Vary: Accept-Encoding`. So each encoding is its own representation with its own validator.
 *
 * Why the choice of copy is made here and not by @fastify/static's `preCompressed`: that option,
 * when the copy the client asked for has gone from the disk (a build in place), sends another
 * representation than the one listed; here the request then goes on to Astro, as if the file had
 * never been listed, and each listed path answers one way.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import Negotiator from 'negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ENCODED_SUFFIX, ENCODINGS, PRECOMPRESSED_TYPES, type Encoding } from './precompressedTypes.ts';

export interface PrecompressedFile {
  /** The media type of the original, when it has compressed copies (else @fastify/static's own). */
  contentType: string | undefined;
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

  /**
   * Lists the precompressed files of a build's client folder (dist/client), and with `everyFile`
   * the others too (the server's listing: nothing else serves them).
   */
  static load(clientDir: string, { everyFile = false } = {}): PrecompressedFiles {
    const names = new Set(
      readdirSync(clientDir, { recursive: true, encoding: 'utf8' }).map((name) => name.split(path.sep).join('/')),
    );
    const files = new Map<string, PrecompressedFile>();
    for (const name of names) {
      const contentType = PRECOMPRESSED_TYPES[path.posix.extname(name).toLowerCase()];
      const variants: PrecompressedFile['variants'] = { identity: `/${name}` };
      if (contentType && names.has(name + ENCODED_SUFFIX.br)) variants.br = `/${name}${ENCODED_SUFFIX.br}`;
      if (contentType && names.has(name + ENCODED_SUFFIX.gzip)) variants.gzip = `/${name}${ENCODED_SUFFIX.gzip}`;
      const compressed = variants.br !== undefined || variants.gzip !== undefined;
      if (!compressed && (!everyFile || isCompressedCopy(name, names) || isFolder(clientDir, name))) continue;
      for (const urlPath of urlPathsOf(name))
        files.set(urlPath, { contentType: compressed ? contentType : undefined, variants });
    }
    return new PrecompressedFiles(clientDir, files);
  }

  /** The client folder the files are in. */
  get root(): string {
    return this.#root;
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
   * Sends `file` in the encoding the client prefers. If that copy has gone from the disk since the
   * start (a build in place), @fastify/static calls the not-found handler: Astro answers, as if it
   * had never been listed (the reply's headers set here are not sent then).
   */
  serve(request: FastifyRequest, reply: FastifyReply, file: PrecompressedFile): FastifyReply {
    const available = ENCODINGS.filter((encoding) => file.variants[encoding] !== undefined);
    if (available.length > 1) {
      const encoding = preferredEncoding(request.headers['accept-encoding'], available);
      reply.header('Vary', 'Accept-Encoding');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      if (file.contentType) reply.type(file.contentType);
      return reply.sendFile(file.variants[encoding] ?? file.variants.identity, {
        contentType: false,
        ...assetCaching(request.url),
      });
    }
    return reply.sendFile(file.variants.identity, assetCaching(request.url));
  }
}

/**
 * Hashed build assets (/_astro/...) get their Cache-Control from the server for every answer (its
 * 304s and Astro's too: see siteServer.ts), so @fastify/static sets none on them.
 */
function assetCaching(url: string): { cacheControl?: false } {
  return url.startsWith('/_astro/') ? { cacheControl: false } : {};
}

function isCompressedCopy(name: string, names: ReadonlySet<string>): boolean {
  return Object.values(ENCODED_SUFFIX).some(
    (suffix) => name.endsWith(suffix) && names.has(name.slice(0, -suffix.length)),
  );
}

function isFolder(root: string, name: string): boolean {
  return statSync(path.join(root, name)).isDirectory();
}
