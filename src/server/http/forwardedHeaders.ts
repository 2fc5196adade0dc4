/**
 * The forwarded headers Astro is handed, which decide its request's URL and `clientAddress`:
 * - X-Forwarded-Proto and X-Forwarded-Host name the public origin (SITE_URL's) on every request, whatever Host
 *   or forwarded headers came with it, so the URL Astro sees, and `security.checkOrigin`'s comparison of a
 *   post's Origin with it, is the public origin's: the site serves one site, and no sender chooses its origin;
 * - X-Forwarded-For is the address Fastify resolved with `trustProxy` (Fastify's request only: no plugin
 *   rewrites Node's request for a handler after it), as Astro takes `clientAddress` from its leftmost value.
 */
import type http from 'node:http';

const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port'];

export function normalizeForwarded(request: http.IncomingMessage, clientAddress: string, publicOrigin?: URL) {
  const headers = request.headers;
  for (const name of FORWARDED) delete headers[name];
  if (request.socket.remoteAddress && clientAddress) headers['x-forwarded-for'] = clientAddress;
  if (!publicOrigin) return;
  headers['x-forwarded-proto'] = publicOrigin.protocol.slice(0, -1);
  headers['x-forwarded-host'] = publicOrigin.host;
}
