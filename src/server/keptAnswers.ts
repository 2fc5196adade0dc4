/**
 * The built files' whole answers, kept in memory once @fastify/static has sent them, and sent again from there to a
 * plain GET (no Range, no condition: those still go to the plugin) of the same path with the same Accept-Encoding:
 * the same headers and bytes, after one `stat` of the file in place of @fastify/send's stat, open, read, close and
 * stream (more than twice the rate of GET /: docs/performance.md). No plugin keeps answers; lru-cache bounds them.
 *
 * The disk is still followed: an answer whose file has changed size or modification time, or gone, is dropped, and
 * the plugin answers from the disk (the same test as the plugin's ETag). Used by the site server (http/siteServer.ts).
 */
import { ReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** Request headers that make @fastify/send's answer other than the whole file. */
const CONDITIONS = ['range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'];

type Headers = Parameters<FastifyReply['headers']>[0];
interface Answer {
  headers: Headers;
  body: Buffer;
  file: string;
  mtimeMs: number;
}

/** The most recently sent answers up to `maxBytes` (16 MiB), none over `maxFileBytes` (256 KiB). */
export function keptAnswers({ maxBytes = 2 ** 24, maxFileBytes = 2 ** 18 } = {}) {
  const answers = new LRUCache<string, Answer, { file: string; headers: Headers }>({
    maxSize: maxBytes,
    maxEntrySize: maxFileBytes,
    sizeCalculation: ({ body }) => Math.max(body.byteLength, 1),
    // Kept only if the file read is the one the headers describe (its size and time).
    fetchMethod: async (_key, _stale, { context: { file, headers } }) => {
      const { size, mtime, mtimeMs } = await stat(file);
      const body = await readFile(file);
      const described = size === Number(headers['content-length']) && mtime.toUTCString() === headers['last-modified'];
      return described && body.byteLength === size ? { headers, body, file, mtimeMs } : undefined;
    },
  });
  const keyOf = (request: FastifyRequest) =>
    request.method === 'GET' && CONDITIONS.every((name) => request.headers[name] === undefined)
      ? `${request.headers['accept-encoding'] ?? ''} ${request.url.split('?', 1)[0] ?? ''}`
      : undefined;
  const unchanged = async ({ file, mtimeMs, body }: Answer) => {
    const now = await stat(file).catch(() => undefined);
    return now?.mtimeMs === mtimeMs && now.size === body.byteLength;
  };
  return {
    /** Sends `file` (a path in the plugin's root): its kept answer while the file is unchanged, else the plugin's. */
    send(request: FastifyRequest, reply: FastifyReply, file: string): void {
      const key = keyOf(request);
      const answer = key === undefined ? undefined : answers.get(key);
      if (key === undefined || !answer) return void reply.sendFile(file);
      unchanged(answer)
        .then((same) => {
          if (same) return void reply.headers(answer.headers).send(answer.body);
          answers.delete(key);
          void reply.sendFile(file);
        })
        .catch((error: unknown) => void reply.send(error));
    },
    /** The built files' onSend hook: a file's whole answer to a plain GET is read into memory once it is sent. */
    keep(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, value: unknown) => void) {
      const whole = payload instanceof ReadStream && reply.statusCode === 200;
      const file = whole && Number(reply.getHeader('content-length')) <= maxFileBytes ? payload.path : undefined;
      const key = file === undefined ? undefined : keyOf(request);
      if (key !== undefined && !answers.has(key)) {
        // Fastify's headers only: those set on Node's response (security headers) are set for every request.
        const headers = Object.entries(reply.getHeaders()).filter(([name]) => !reply.raw.hasHeader(name));
        const context = { file: String(file), headers: Object.fromEntries(headers) };
        answers.fetch(key, { context }).catch(() => undefined); // A file that cannot be read is not kept.
      }
      done(null, payload);
    },
  };
}
