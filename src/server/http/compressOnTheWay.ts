/**
 * Astro's answers compressed on the way out by `compression` (as in Astro's Express example), with the callbacks of
 * Node's `write` and `end` kept. `compression` 1.8 replaces `response.write(chunk, encoding)` and
 * `response.end(chunk, encoding)` and drops a callback given to either (expressjs/compression#46, open since 2015).
 * Astro ends an answer whose page throws while it streams by writing "Internal server error" and destroying the
 * response in that write's callback (`writeResponse` in astro/app/node): compressed, the callback never ran, so the
 * answer never ended and the visitor's browser waited for ever (a `?done=valueOf` on an admin page did it).
 */
import type http from 'node:http';
import compression from 'compression';

type Callback = (error?: Error | null) => void;

/** Node's middleware shape, which `compression` (typed for Express) fits as a method's parameters may. */
interface NodeMiddleware {
  handle(request: http.IncomingMessage, response: http.ServerResponse, next: () => void): void;
}

/** `response`'s write and end as `compression` left them, calling the callbacks it drops. */
function keepCallbacks(response: http.ServerResponse): void {
  const write = response.write.bind(response);
  const end = response.end.bind(response);
  response.write = (chunk: unknown, encoding?: BufferEncoding | Callback, callback?: Callback): boolean => {
    const done = typeof encoding === 'function' ? encoding : callback;
    const accepted = typeof encoding === 'string' ? write(chunk, encoding) : write(chunk);
    // Taken into the compressor (or written): Node also calls a write's callback after it returns, never within.
    if (done) process.nextTick(done);
    return accepted;
  };
  response.end = (chunk?: unknown, encoding?: BufferEncoding | Callback, callback?: Callback) => {
    const done = [chunk, encoding, callback].find((item): item is Callback => typeof item === 'function');
    if (done) response.once('finish', done);
    const data = typeof chunk === 'function' ? undefined : chunk;
    if (typeof encoding === 'string') end(data, encoding);
    else if (data === undefined) end();
    else end(data);
    return response;
  };
}

/** `compression` with `options`, whose answers keep Node's write and end callbacks. */
export function compressOnTheWay(options: compression.CompressionOptions): NodeMiddleware['handle'] {
  const { handle }: NodeMiddleware = { handle: compression(options) };
  return (request, response, next) =>
    handle(request, response, () => {
      keepCallbacks(response);
      next();
    });
}
