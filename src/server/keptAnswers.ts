/**
 * The built files' whole answers, kept in memory once @fastify/static has sent them, and sent again from there to a
 * plain GET (no Range, no condition: those still go to the plugin) that the plugin would answer with the same copy:
 * the same headers and bytes, after one `stat` of the file in place of @fastify/send's stat, open, read, close and
 * stream (more than twice the rate of GET /: docs/performance.md). No plugin keeps answers; lru-cache bounds them.
 *
 * Bounded by what they hold (keyed by the raw Accept-Encoding and counting only bodies, 102,000 requests
 * with 15 KB headers took a server from 306 MB to 1,742 MB: docs/performance.md). Nothing a visitor writes is kept:
 * - an answer is kept per file and per encoding sent (`br`, `gzip`, none): `br /index.html`; the bound, 16 MiB,
 *   counts its body, its headers and its key;
 * - which encoding the plugin sends a file in depends on the copies the client accepts, in the plugin's order
 *   (`staticCopiesTried`: one of 16 values such as "br,gzip,deflate", whatever the header) and on the copies the
 *   build has: the encoding it sent is remembered per file and per that order, at most 4,096 of them.
 * The file is the decoded path in the build that an answer was sent for, so only files that exist are keys.
 *
 * The disk is still followed: an answer whose file has changed size or modification time, or gone, is dropped, and
 * the plugin answers from the disk (the same test as the plugin's ETag). Used by the site server (http/siteServer.ts).
 */
import { ReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { staticCopiesTried } from './endpoints/contentEncoding.ts';

/** Request headers that make @fastify/send's answer other than the whole file. */
const CONDITIONS = ['range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'];

/** What one kept answer costs besides its body, its headers and its key: the objects around them. */
const ENTRY_OVERHEAD = 256;
/** How many (file, copies tried) pairs have their encoding remembered. */
const MAX_CHOICES = 4096;

type Headers = Parameters<FastifyReply['headers']>[0];
interface Answer {
  headers: Headers;
  body: Buffer;
  file: string;
  mtimeMs: number;
}

const headersLength = (headers: Headers) =>
  Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + String(value).length, 0);

/** The most recently sent answers up to `maxBytes` (16 MiB, all counted), none of a file over `maxFileBytes`. */
export function keptAnswers({ maxBytes = 2 ** 24, maxFileBytes = 2 ** 18 } = {}) {
  const answers = new LRUCache<string, Answer, { file: string; headers: Headers }>({
    maxSize: maxBytes,
    sizeCalculation: ({ body, headers }, key) => body.byteLength + headersLength(headers) + key.length + ENTRY_OVERHEAD,
    // Kept only if the file read is the one the headers describe (its size and time).
    fetchMethod: async (_key, _stale, { context: { file, headers } }) => {
      const { size, mtime, mtimeMs } = await stat(file);
      const body = await readFile(file);
      const described = size === Number(headers['content-length']) && mtime.toUTCString() === headers['last-modified'];
      return described && body.byteLength === size ? { headers, body, file, mtimeMs } : undefined;
    },
  });
  /** The encoding the plugin sent each file in ('' for none), per the copies a request accepted. */
  const encodings = new LRUCache<string, string>({ max: MAX_CHOICES });
  /** What a request that went to the plugin asked for, to keep its answer under (`keep`). */
  const asked = new WeakMap<FastifyRequest, { choice: string; path: string }>();

  const isPlain = (request: FastifyRequest) =>
    request.method === 'GET' && CONDITIONS.every((name) => request.headers[name] === undefined);
  const unchanged = async ({ file, mtimeMs, body }: Answer) => {
    const now = await stat(file).catch(() => undefined);
    return now?.mtimeMs === mtimeMs && now.size === body.byteLength;
  };
  return {
    /** Sends `path` (a file in the plugin's root): its kept answer while the file is unchanged, else the plugin's. */
    send(request: FastifyRequest, reply: FastifyReply, path: string): void {
      if (!isPlain(request)) return void reply.sendFile(path);
      const choice = `${staticCopiesTried(request.headers['accept-encoding'])} ${path}`;
      const encoding = encodings.get(choice);
      const key = encoding === undefined ? undefined : `${encoding} ${path}`;
      const answer = key === undefined ? undefined : answers.get(key);
      if (key === undefined || !answer) {
        asked.set(request, { choice, path });
        return void reply.sendFile(path);
      }
      unchanged(answer)
        .then((same) => {
          if (same) return void reply.headers(answer.headers).send(answer.body);
          answers.delete(key);
          asked.set(request, { choice, path });
          void reply.sendFile(path);
        })
        .catch((error: unknown) => void reply.send(error));
    },
    /** The built files' onSend hook: a file's whole answer to a plain GET is read into memory once it is sent. */
    keep(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, value: unknown) => void) {
      const whole = payload instanceof ReadStream && reply.statusCode === 200;
      const file = whole && Number(reply.getHeader('content-length')) <= maxFileBytes ? payload.path : undefined;
      const wanted = file === undefined ? undefined : asked.get(request);
      if (wanted) {
        const sent = reply.getHeader('content-encoding');
        const encoding = typeof sent === 'string' ? sent : '';
        encodings.set(wanted.choice, encoding);
        const key = `${encoding} ${wanted.path}`;
        if (!answers.has(key)) {
          // Fastify's headers only: those set on Node's response (security headers) are set for every request.
          const headers = Object.entries(reply.getHeaders()).filter(([name]) => !reply.raw.hasHeader(name));
          const context = { file: String(file), headers: Object.fromEntries(headers) };
          answers.fetch(key, { context }).catch(() => undefined); // A file that cannot be read is not kept.
        }
      }
      done(null, payload);
    },
  };
}
