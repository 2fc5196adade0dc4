/**
 * The forwarded headers Astro is handed. Fastify's `trustProxy` resolves the client for Fastify's request
 * only (no plugin rewrites Node's request for a handler after it), while Astro takes `clientAddress` from
 * the leftmost X-Forwarded-For, which a visitor writes. So X-Forwarded-For becomes the address Fastify
 * resolved, and X-Forwarded-Proto/Host/Port stay only from a trusted proxy. (Astro reads X-Forwarded-For
 * only when it can parse the host: with a bare IPv6 literal it takes the connection's address.)
 */
import type http from 'node:http';
import type { ProxyTrust } from '../settings.ts';

const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port'];

function firstValue(header: string | string[] | undefined): string | undefined {
  return (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim() || undefined;
}

export function normalizeForwarded(request: http.IncomingMessage, clientAddress: string, trusts: ProxyTrust['trusts']) {
  const headers = request.headers;
  const socketAddress = request.socket.remoteAddress ?? '';
  const trusted = socketAddress !== '' && trusts(socketAddress, 0);
  const protocol = trusted ? firstValue(headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  const host = trusted ? firstValue(headers['x-forwarded-host']) : undefined;
  const port = trusted ? firstValue(headers['x-forwarded-port']) : undefined;
  for (const name of FORWARDED) delete headers[name];
  if (socketAddress && clientAddress) headers['x-forwarded-for'] = clientAddress;
  if (protocol === 'http' || protocol === 'https') headers['x-forwarded-proto'] = protocol;
  if (host) headers['x-forwarded-host'] = host;
  if (port && /^\d{1,5}$/.test(port)) headers['x-forwarded-port'] = port;
}
