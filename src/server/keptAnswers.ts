/**
 * The built files' answers kept in memory, and sent again from there. Why: without them the site's static pages
 * run at a fifth to two fifths of Caddy's `file_server` on the same files, with them at about its rate or more
 * (`npm run bench -- --only static --without kept-answers`, docs/performance.md): a kept answer costs one `stat`
 * where @fastify/send's costs a stat, an open, a read, a close and a stream. No Fastify plugin keeps answers.
 *
 * What this module promises (tests/unit/keptAnswers.test.ts and keptAnswersContract.test.ts fail when it breaks):
 * 1. Invisible: a plain GET (no Range, no condition; HEAD and the rest go to the plugin) gets the answer
 *    @fastify/static would send for it now, with the same status, headers and bytes, in the copy the plugin would
 *    choose for its Accept-Encoding (`staticCopiesTried` below follows the plugin's own negotiation).
 * 2. Only the file's answer is kept: the headers the plugin wrote or changed and the bytes it sent. A header set for
 *    the request before the file was sent (the security headers, on Fastify's reply or on Node's response, whichever
 *    hook sets them) is not kept: each request's own hooks set it again.
 * 3. Fresh: an answer whose file has changed size or modification time, or gone, is dropped and the plugin answers
 *    from the disk (the same test as its ETag), after one `stat` per request.
 * 4. Bounded by what it holds, whatever clients send: answers are keyed by the file (the decoded path of a file the
 *    plugin sent, so only files that exist) and the encoding sent (`br`, `gzip`, none), within 16 MiB counting
 *    bodies, headers and keys, no file over 256 KiB; the encoding the plugin chose is remembered per file and per
 *    order of copies the request accepts (one of 16 values, however the header is written), at most 4,096 of them.
 *    (Keyed by the raw Accept-Encoding and counting bodies only, 102,000 requests with 15 KB headers once took the
 *    server from 306 MB to 1,742 MB.)
 * Used by the site server's route for built files (http/siteServer.ts): `send` in place of `reply.sendFile`,
 * `keep` as that route's onSend hook.
 */
import { ReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { rememberedChoice } from './endpoints/contentEncoding.ts';

/** Request headers that make @fastify/send's answer other than the whole file. */
const CONDITIONS = ['range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'];

/** What one kept answer costs besides its body, its headers and its key: the objects around them. */
const ENTRY_OVERHEAD = 256;
/** How many (file, copies tried) pairs have their encoding remembered. */
const MAX_CHOICES = 4096;

/** The encodings @fastify/static 10 looks for a precompressed copy in (its getEncodingHeader). */
const STATIC_ENCODINGS = ['br', 'gzip', 'deflate'] as const;

function negotiateStaticCopies(acceptEncoding: string): string {
  // As the plugin does: lower case, and "*" taken as gzip; each next choice among those not tried yet.
  const header = acceptEncoding.toLowerCase().replace(/\*/gu, 'gzip');
  const tried: string[] = [];
  let left: string[] = [...STATIC_ENCODINGS];
  for (let next = negotiate(header, left); next; next = negotiate(header, left)) {
    tried.push(next);
    left = left.filter((encoding) => encoding !== next);
  }
  return tried.join(',');
}

const staticCopies = rememberedChoice(negotiateStaticCopies);

/**
 * The copies of a built file @fastify/static tries for a request, in its order, as one short text ("br,gzip,deflate";
 * "" for the original only): one of 16 values, whatever the client wrote. The plugin sends the first that exists,
 * else the original.
 */
export function staticCopiesTried(acceptEncoding: string | undefined): string {
  return acceptEncoding === undefined ? '' : staticCopies(acceptEncoding);
}

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
  /** What a request that went to the plugin asked for, and its headers then (promise 2), to keep its answer under. */
  const asked = new WeakMap<FastifyRequest, { choice: string; path: string; before: Headers }>();

  const isPlain = (request: FastifyRequest) =>
    request.method === 'GET' && CONDITIONS.every((name) => request.headers[name] === undefined);
  const unchanged = async ({ file, mtimeMs, body }: Answer) => {
    const now = await stat(file).catch(() => undefined);
    return now?.mtimeMs === mtimeMs && now.size === body.byteLength;
  };
  const toPlugin = (request: FastifyRequest, reply: FastifyReply, choice: string, path: string) => {
    asked.set(request, { choice, path, before: { ...reply.getHeaders() } });
    void reply.sendFile(path);
  };
  return {
    /** Sends `path` (a file in the plugin's root): its kept answer while the file is unchanged, else the plugin's. */
    send(request: FastifyRequest, reply: FastifyReply, path: string): void {
      if (!isPlain(request)) return void reply.sendFile(path);
      const choice = `${staticCopiesTried(request.headers['accept-encoding'])} ${path}`;
      const encoding = encodings.get(choice);
      const key = encoding === undefined ? undefined : `${encoding} ${path}`;
      const answer = key === undefined ? undefined : answers.get(key);
      if (key === undefined || !answer) return toPlugin(request, reply, choice, path);
      unchanged(answer)
        .then((same) => {
          if (same) return void reply.headers(answer.headers).send(answer.body);
          answers.delete(key);
          toPlugin(request, reply, choice, path);
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
          const { before } = wanted;
          const changed = ([name, value]: [string, unknown]) => String(before[name] ?? '') !== String(value);
          const written = Object.entries(reply.getHeaders()).filter(changed);
          const context = { file: String(file), headers: Object.fromEntries(written) };
          answers.fetch(key, { context }).catch(() => undefined); // A file that cannot be read is not kept.
        }
      }
      done(null, payload);
    },
  };
}
