/**
 * The forwarded headers Astro is handed. Fastify's `trustProxy` (TRUST_PROXY, parsed in
 * settings.ts) resolves the client's address for Fastify's own request object only, while Astro
 * takes its `clientAddress` from the leftmost X-Forwarded-For of Node's request, which a visitor
 * writes. So, before Astro sees the request, X-Forwarded-For becomes the one address Fastify resolved
 * (`request.ip`), and X-Forwarded-Proto/Host/Port stay only when the connection itself is a trusted
 * proxy (as the nearest proxy sent them). No plugin rewrites Node's request for a handler after it.
 * (Astro reads X-Forwarded-For only when the request names a host it can parse: a bare IPv6 literal
 * such as "[::1]:4321" is not parsed, and Astro then takes the connection's address.)
 */
import type http from 'node:http';

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return value ? value : undefined;
}

export function normalizeForwarded(
  request: http.IncomingMessage,
  clientAddress: string,
  trusts: (address: string, hop: number) => boolean,
): void {
  const headers = request.headers;
  const socketAddress = request.socket.remoteAddress ?? '';
  const trusted = socketAddress !== '' && trusts(socketAddress, 0);
  const protocol = trusted ? firstValue(headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  const host = trusted ? firstValue(headers['x-forwarded-host']) : undefined;
  const port = trusted ? firstValue(headers['x-forwarded-port']) : undefined;
  for (const name of ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port']) {
    delete headers[name];
  }
  if (socketAddress && clientAddress) headers['x-forwarded-for'] = clientAddress;
  if (protocol === 'http' || protocol === 'https') headers['x-forwarded-proto'] = protocol;
  if (host) headers['x-forwarded-host'] = host;
  if (port && /^\d{1,5}$/.test(port)) headers['x-forwarded-port'] = port;
}
