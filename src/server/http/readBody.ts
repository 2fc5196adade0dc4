/** Reading a body with a size limit: requests to endpoints that take small bodies, photos from the backend. */
import type { IncomingMessage } from 'node:http';

/** The body was larger than the limit (by its Content-Length, or by the bytes that arrived). */
export class BodyTooLargeError extends Error {
  readonly limit: number;

  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes`);
    this.limit = limit;
  }
}

/**
 * The body of a request (or of an answer from another server), refusing more than `maxBytes` by
 * its Content-Length before reading, and by the bytes that arrive while reading. A refused body is
 * cancelled without waiting: the body of a request's copy (`clone()`) is cancelled only once its
 * twin is too, which the caller does after this returns.
 */
export async function readLimitedBytes(
  message: Request | Response,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(message.headers.get('content-length') ?? 0) > maxBytes) {
    message.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  if (!message.body) return new Uint8Array();
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as text, refusing more than `maxBytes` before reading the rest. */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readLimitedBytes(request, maxBytes));
}

/**
 * The body of Node's request as text, refusing more than `maxBytes` by its Content-Length before
 * reading and by the bytes that arrive. A refused body is not destroyed (that would reset the
 * connection under the answer): what is left of it flows on, dropped, as Node drops a body no one
 * reads (src/server/http/unreadBodies.ts).
 */
export function readLimitedRequest(request: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) return reject(new BodyTooLargeError(maxBytes));
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error?: Error) => {
      request.off('data', onData).off('end', onEnd).off('error', stop).off('close', onClose);
      if (error) reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) return stop(new BodyTooLargeError(maxBytes));
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onClose = () => stop(new Error('The request was broken off before its body arrived whole'));
    request.on('data', onData).on('end', onEnd).on('error', stop).on('close', onClose);
  });
}
