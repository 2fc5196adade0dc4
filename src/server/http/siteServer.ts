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
 * - every answer gets the security headers below (prerendered pages also their
 *   Content-Security-Policy, see contentSecurityPolicy.ts), and hashed build assets (/_astro/...) are
 *   cached for a year as immutable (HTML keeps its ETag/Last-Modified revalidation);
 * - text answers (HTML, CSS, JavaScript, JSON, SVG) are compressed with brotli or gzip;
 * - each request is logged in one line: method, path (without the query), status and time.
 */
import http from 'node:http';
import compression from 'compression';
import { canonicalSpelling } from '../../lib/routes.ts';

export type NodeHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface SiteServerOptions {
  /** Whether the store behind the site can answer; GET /healthz reports it. */
  healthCheck?: () => Promise<boolean>;
  /** Where request lines go (default: standard output); `false` turns them off. */
  log?: ((line: string) => void) | false;
  /** The Content-Security-Policy header of the prerendered page at a path, if any. */
  pagePolicy?: (pathname: string) => string | undefined;
}

/** Headers every answer carries (the Content-Security-Policy is added separately). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

function pathAndQuery(url: string): { pathname: string; search: string } {
  const queryStart = url.indexOf('?');
  return queryStart < 0
    ? { pathname: url, search: '' }
    : { pathname: url.slice(0, queryStart), search: url.slice(queryStart) };
}

async function answerHealth(response: http.ServerResponse, healthCheck: SiteServerOptions['healthCheck']) {
  const healthy = healthCheck ? await healthCheck().catch(() => false) : true;
  response.writeHead(healthy ? 200 : 503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(JSON.stringify({ status: healthy ? 'ok' : 'unavailable' }));
}

export function createSiteServer(astroHandler: NodeHandler, options: SiteServerOptions = {}): http.Server {
  const compress = compression({ threshold: 1024 });
  const log = options.log === false ? undefined : (options.log ?? ((line: string) => console.info(line)));

  return http.createServer((request, response) => {
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
    const policy = isRead ? options.pagePolicy?.(pathname) : undefined;
    if (policy) response.setHeader('Content-Security-Policy', policy);
    compress(request, response, () => astroHandler(request, response));
  });
}
