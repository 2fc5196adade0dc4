/**
 * Answers sent before their request's body has arrived whole: a refusal by Content-Length (413), or by
 * anything else known before the body (403, 415, 405). Node then reads and drops the rest of the body, so
 * that the client's next request on the same connection finds it ready (never reset), within the request
 * time limit. That is kept for a rest of at most DRAIN_LIMIT_BYTES; a longer body, or one of unknown
 * length, is not worth reading: its answer says `Connection: close`, and the client opens a new
 * connection for its next request.
 */
import type http from 'node:http';
import onHeaders from 'on-headers';

/** The most of a refused body read and dropped to keep its connection (more than any form or photo). */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/** Watches the answer to a request with a body (others cost nothing): see above. */
export function closeIfBodyLeftLong(request: http.IncomingMessage, response: http.ServerResponse): void {
  const declared = request.headers['content-length'];
  const chunked = request.headers['transfer-encoding'] !== undefined;
  if (!chunked && (declared === undefined || declared === '0')) return;
  onHeaders(response, () => {
    if (request.complete) return;
    if (chunked || Number(declared) > DRAIN_LIMIT_BYTES) response.setHeader('Connection', 'close');
  });
}
