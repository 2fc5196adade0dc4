/**
 * The site's HTTP server: one node:http server in front of the Astro handler built by
 * @astrojs/node (standalone mode: prerendered files first, then on-demand pages and the API).
 * It runs outside Vite (started by scripts/start.ts), so it imports only plain TypeScript.
 *
 * Before Astro sees a request:
 * - a fixed route reached with other letter case (/Past-Webinars) gets a permanent redirect to
 *   its canonical spelling (the build writes each route once, so no two output paths differ
 *   only in case);
 * - GET /healthz answers whether the server and its store are usable;
 * - a body-less POST /Admin/api/events_list, the API's busiest call, gets the answer kept ready
 *   and compressed until the events change (eventsListAnswer.ts), the endpoint's answer exactly;
 * - every answer gets the security headers below, and hashed build assets (/_astro/...) are
 *   cached for a year as immutable (HTML keeps its ETag/Last-Modified revalidation);
 * - built files compressed at build time (.br and .gz next to each) are sent as they are, in the
 *   encoding the client accepts (precompressedFiles.ts); other text answers (HTML, CSS,
 *   JavaScript, JSON, SVG rendered on demand) are compressed with brotli or gzip on the way out;
 * - each request is logged in one line: method, path (without the query), status and time;
 * - the client's address and the forwarded headers are resolved once, believing only the
 *   proxies TRUST_PROXY names (proxyTrust.ts), so Astro's `clientAddress` is that address;
 * - methods other than GET, HEAD and POST are refused with 405 or 501 (methods.ts);
 * - slow clients are cut off: the head must arrive within headersTimeout, the whole request
 *   within requestTimeout, and an idle connection closes after keepAliveTimeout.
 *
 * Just before an answer's headers go out, it gets its Content-Security-Policy (see
 * securityPolicyFor below and contentSecurityPolicy.ts).
 */
import http from 'node:http';
import compression from 'compression';
import { canonicalSpelling } from '../../lib/routes.ts';
import { EVENTS_UNAVAILABLE, logSourceFailure } from '../api/eventsApi.ts';
import { EVENTS_LIST_ENDPOINT } from '../../lib/events/eventsListRequest.ts';
import type { PreparedAnswer } from '../api/eventsListAnswer.ts';
import { HEADER_ONLY_DIRECTIVES, withHeaderOnlyDirectives } from './contentSecurityPolicy.ts';
import { JSON_ANSWER_HEADERS, mediaTypeOf } from './jsonAnswer.ts';
import onHeaders from 'on-headers';
import { answerClientError, isSiteMethod, refuseConnect, refuseMethod } from './methods.ts';
import { normalizeForwarded, TRUST_NOTHING, type ProxyTrust } from './proxyTrust.ts';
import { preferredEncoding, type PrecompressedFiles } from './precompressedFiles.ts';
import { createRequestLog } from './requestLog.ts';

export { preferredEncoding };

export type NodeHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface SiteServerOptions {
  /** Whether the store behind the site can answer; GET /healthz reports it. */
  healthCheck?: () => Promise<boolean>;
  /** Where request lines go (default: standard output, see requestLog.ts); `false` turns them off. */
  log?: ((line: string) => void) | false;
  /** The Content-Security-Policy header of the prerendered page at a path, if any. */
  pagePolicy?: (pathname: string) => string | undefined;
  /**
   * The ready answer to a body-less `POST /Admin/api/events_list` (as the Monthly Activities page
   * and the events contract send it), sent without going through Astro; see eventsListAnswer.ts.
   * Any other request to that path goes to the Astro endpoint as usual; a failure gets the
   * endpoint's 503.
   */
  eventsList?: () => Promise<PreparedAnswer>;
  /** The proxies whose X-Forwarded-* headers are believed (default: none). */
  trustProxy?: ProxyTrust;
  /** Time limits in ms (see the settings in src/server/settings.ts; default: Node's). */
  timeouts?: { headersMs: number; requestMs: number; keepAliveMs: number };
  /**
   * The built files compressed at build time (precompressedFiles.ts): a GET or HEAD of one is
   * answered from disk in the encoding the client accepts, instead of going through Astro and
   * being compressed again.
   */
  precompressed?: PrecompressedFiles;
}

/** Headers every answer carries (the Content-Security-Policy is chosen per answer). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/**
 * Hashed build assets (/_astro/...). @astrojs/node's static handler sends the same value, but only
 * with the files its own `send` streams: not with a 304, nor with the precompressed copies this
 * server sends itself (precompressedFiles.ts), so the site server sets it on every /_astro/ answer
 * (the adapter's own then writes the same value over it). The adapter exports no constant for it.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The Content-Security-Policy of answers that are not pages (scripts, styles, images, JSON,
 * XML, redirects): if one is ever opened as a document, it may load nothing and nobody may frame it.
 */
export const NON_PAGE_POLICY = `default-src 'none'; ${HEADER_ONLY_DIRECTIVES}`;

/**
 * The Content-Security-Policy header of an answer, decided when its headers are complete:
 * - a prerendered page read at its path gets its own policy (`pagePolicy`), whatever the
 *   adapter's static handler set (see contentSecurityPolicy.ts for why it is not trusted);
 * - a policy Astro set (on-demand pages) gets the header-only directives (frame-ancestors);
 * - the 404 page, whichever path it answers, gets the 404 page's policy;
 * - a 304 without a policy gets none, so that the policy of the stored page stays as it was;
 * - anything else (assets, API answers, redirects, health) gets NON_PAGE_POLICY.
 */
function securityPolicyFor(
  response: http.ServerResponse,
  page: { pathname: string; isRead: boolean },
  pagePolicy: SiteServerOptions['pagePolicy'],
): string | undefined {
  const own = page.isRead ? pagePolicy?.(page.pathname) : undefined;
  if (own) return own;
  const current = response.getHeader('Content-Security-Policy');
  if (typeof current === 'string' && current.trim()) return withHeaderOnlyDirectives(current);
  if (response.statusCode === 304) return undefined;
  const isHtml = /^text\/html\b/i.test(String(response.getHeader('Content-Type') ?? ''));
  const notFoundPage = isHtml && response.statusCode === 404 ? pagePolicy?.('/404') : undefined;
  return notFoundPage ?? NON_PAGE_POLICY;
}

function pathAndQuery(url: string): { pathname: string; search: string } {
  const queryStart = url.indexOf('?');
  return queryStart < 0
    ? { pathname: url, search: '' }
    : { pathname: url.slice(0, queryStart), search: url.slice(queryStart) };
}

async function answerHealth(response: http.ServerResponse, healthCheck: SiteServerOptions['healthCheck']) {
  const healthy = healthCheck ? await healthCheck().catch(() => false) : true;
  response.writeHead(healthy ? 200 : 503, JSON_ANSWER_HEADERS);
  response.end(JSON.stringify({ status: healthy ? 'ok' : 'unavailable' }));
}

/** A POST with no body and no content type but JSON: nothing to read, nothing a form could send. */
function isBodylessCall(request: http.IncomingMessage): boolean {
  const type = mediaTypeOf(request.headers['content-type']);
  return (
    request.headers['transfer-encoding'] === undefined &&
    (request.headers['content-length'] ?? '0') === '0' &&
    (type === '' || type === 'application/json')
  );
}

/** Sends the prepared answer, or, when the source fails, the endpoint's own 503 (not asking twice). */
async function answerPrepared(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  prepared: () => Promise<PreparedAnswer>,
) {
  let answer: PreparedAnswer;
  try {
    answer = await prepared();
  } catch (error) {
    logSourceFailure(error);
    response.writeHead(503, JSON_ANSWER_HEADERS).end(JSON.stringify(EVENTS_UNAVAILABLE));
    return;
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = answer[encoding];
  response.writeHead(200, {
    ...JSON_ANSWER_HEADERS,
    Vary: 'Accept-Encoding',
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    'Content-Length': body.length,
  });
  response.end(body);
}

/**
 * Connect-style middleware called with Node's own request and response, as `compression` is here:
 * it reads request headers and wraps the response's write and end, nothing more. @types/compression
 * types it as Express middleware (Express's request is Node's with more); a method's parameters are
 * compared both ways, so the middleware fits this shape as it is, without a cast.
 */
interface NodeMiddleware {
  handle(request: http.IncomingMessage, response: http.ServerResponse, next: () => void): void;
}

export function createSiteServer(astroHandler: NodeHandler, options: SiteServerOptions = {}): http.Server {
  const compress: NodeMiddleware = { handle: compression({ threshold: 1024 }) };
  const log = options.log === false ? undefined : (options.log ?? createRequestLog());

  const trustProxy = options.trustProxy ?? TRUST_NOTHING;
  // Time limits are checked every second, not every 30 s (Node's default), so they hold.
  const server = http.createServer({ connectionsCheckingInterval: 1000 }, (request, response) => {
    const started = process.hrtime.bigint();
    const { pathname, search } = pathAndQuery(request.url ?? '/');
    if (log) {
      response.once('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        log(`${request.method ?? '-'} ${pathname} ${response.statusCode} ${ms.toFixed(1)}ms`);
      });
    }
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    onHeaders(response, () => {
      const policy = securityPolicyFor(response, { pathname, isRead }, options.pagePolicy);
      if (policy) response.setHeader('Content-Security-Policy', policy);
    });
    normalizeForwarded(request, trustProxy);
    if (!isSiteMethod(request.method)) {
      refuseMethod(response);
      return;
    }

    if (isRead && pathname === '/healthz') {
      void answerHealth(response, options.healthCheck);
      return;
    }
    const canonical = isRead ? canonicalSpelling(pathname) : undefined;
    if (canonical) {
      response.writeHead(301, { Location: `${canonical}${search}`, 'Cache-Control': 'public, max-age=86400' });
      response.end();
      return;
    }
    if (pathname.startsWith('/_astro/')) response.setHeader('Cache-Control', IMMUTABLE);
    if (
      options.eventsList &&
      request.method === 'POST' &&
      pathname === EVENTS_LIST_ENDPOINT &&
      isBodylessCall(request)
    ) {
      void answerPrepared(request, response, options.eventsList);
      return;
    }
    const toAstro = () => compress.handle(request, response, () => astroHandler(request, response));
    const file = isRead ? options.precompressed?.lookup(pathname) : undefined;
    if (file) options.precompressed?.serve(request, response, file, toAstro);
    else toAstro();
  });
  if (options.timeouts) {
    server.headersTimeout = options.timeouts.headersMs;
    server.requestTimeout = options.timeouts.requestMs;
    server.keepAliveTimeout = options.timeouts.keepAliveMs;
  }
  server.on('clientError', answerClientError(log));
  server.on('connect', refuseConnect);
  return server;
}
