/**
 * Which proxies the site trusts (TRUST_PROXY), and what a request says about its client once
 * the untrusted parts are left out, as Express's `trust proxy` setting does and with the same
 * library (proxy-addr):
 *
 * - By default nothing is trusted: the client is the address the connection comes from, and
 *   X-Forwarded-For, -Proto, -Host and -Port are ignored, whoever sends them.
 * - A number N trusts the N proxies nearest to the site: X-Forwarded-For is read from the right,
 *   skipping N-1 entries, so "10.9.9.4, 1.1.1.1" from one trusted proxy is the client 1.1.1.1
 *   (the visitor wrote the 10.9.9.4 part).
 * - A comma list of addresses or ranges ("10.0.0.2, 172.16.0.0/12", and proxy-addr's names
 *   loopback, linklocal, uniquelocal) trusts the proxies at those addresses: the client is the
 *   rightmost address in the chain that is not one of them.
 * - X-Forwarded-Proto/Host/Port are believed only from a trusted proxy (the connection itself).
 *
 * Fastify's `trustProxy` (given `trusts`, proxy-addr's own form) resolves the client's address once
 * per request, and the site server hands Astro the result (normalizeForwarded):
 * Astro reads its `clientAddress` from the leftmost X-Forwarded-For, so that header is replaced
 * by the one resolved address, and the other forwarded headers are removed unless trusted.
 */
import type http from 'node:http';
import proxyAddr from 'proxy-addr';

export interface ProxyTrust {
  /** Whether the proxy at `address`, `hop` steps from the site (0: the connection), is trusted. */
  trusts: (address: string, hop: number) => boolean;
  /** How the client's address is found, in words, for the start-up message. */
  description: string;
}

export const TRUST_NOTHING: ProxyTrust = {
  trusts: () => false,
  description: "the connection's own; X-Forwarded-* headers are ignored (TRUST_PROXY is not set)",
};

export class ProxyTrustError extends Error {
  override name = 'ProxyTrustError';
}

const MAX_HOPS = 10;

/** TRUST_PROXY's value as a ProxyTrust; throws ProxyTrustError saying what is expected. */
export function parseProxyTrust(value: string | undefined): ProxyTrust {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return TRUST_NOTHING;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new ProxyTrustError(`at most ${MAX_HOPS} proxies can be trusted (found ${hops})`);
    return {
      trusts: (_address, hop) => hop < hops,
      description: `X-Forwarded-For read from the right, past ${hops === 1 ? 'the nearest proxy' : `the ${hops} nearest proxies`}`,
    };
  }
  if (text === 'true') {
    throw new ProxyTrustError(
      'trusting every proxy would let a visitor choose their own address; give the number of proxies (such as 1) or their addresses',
    );
  }
  const list = text.split(',').map((part) => part.trim());
  try {
    return {
      trusts: proxyAddr.compile(list),
      description: `X-Forwarded-For read from the right, past the proxies at ${list.join(', ')}`,
    };
  } catch (error) {
    throw new ProxyTrustError(error instanceof Error ? error.message : String(error));
  }
}

interface ForwardedRequest {
  /** The client's address: the nearest one in the chain that is not a trusted proxy. */
  clientAddress: string;
  /** X-Forwarded-Proto/Host/Port as the nearest proxy sent them, when it is trusted. */
  protocol?: string;
  host?: string;
  port?: string;
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return value ? value : undefined;
}

/** What `request` says about its client (`clientAddress`, as Fastify's `trustProxy` resolved it), believing only trusted proxies. */
function readForwarded(request: http.IncomingMessage, clientAddress: string, trust: ProxyTrust): ForwardedRequest {
  const socketAddress = request.socket.remoteAddress ?? '';
  if (!socketAddress) return { clientAddress: '' };
  if (!trust.trusts(socketAddress, 0)) return { clientAddress };
  const protocol = firstValue(request.headers['x-forwarded-proto'])?.toLowerCase();
  const host = firstValue(request.headers['x-forwarded-host']);
  const port = firstValue(request.headers['x-forwarded-port']);
  return {
    clientAddress,
    ...(protocol === 'http' || protocol === 'https' ? { protocol } : {}),
    ...(host ? { host } : {}),
    ...(port && /^\d{1,5}$/.test(port) ? { port } : {}),
  };
}

/**
 * Rewrites the forwarded headers of `request` to what `trust` lets the site believe, before
 * Astro sees it: X-Forwarded-For becomes the one client address that Fastify's `trustProxy`
 * resolved with the same trust (`request.ip`; Astro's `clientAddress`, with
 * `security.allowedDomains` letting any host through, see astro.config.mjs), and X-Forwarded-
 * Proto/Host/Port stay only when a trusted proxy sent them. Returns what it resolved.
 * This stays the site's own because Astro reads the leftmost X-Forwarded-For, and Fastify only
 * resolves the address for its own request object.
 * (Astro reads X-Forwarded-For only when the request names a host it can parse: every HTTP/1.1
 * request names one, but a bare IPv6 literal such as "[::1]:4321" is not parsed, and then Astro
 * takes the connection's address; proxies in front of a public site send its domain name.)
 */
export function normalizeForwarded(
  request: http.IncomingMessage,
  clientAddress: string,
  trust: ProxyTrust,
): ForwardedRequest {
  const forwarded = readForwarded(request, clientAddress, trust);
  const headers = request.headers;
  delete headers['x-forwarded-proto'];
  delete headers['x-forwarded-host'];
  delete headers['x-forwarded-port'];
  if (forwarded.clientAddress) headers['x-forwarded-for'] = forwarded.clientAddress;
  else delete headers['x-forwarded-for'];
  if (forwarded.protocol) headers['x-forwarded-proto'] = forwarded.protocol;
  if (forwarded.host) headers['x-forwarded-host'] = forwarded.host;
  if (forwarded.port) headers['x-forwarded-port'] = forwarded.port;
  return forwarded;
}
