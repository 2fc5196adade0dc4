/**
 * The site's HTTP server: a Fastify app in front of the Astro handler built by @astrojs/node in
 * middleware mode (on-demand pages, the API, and the 404 page for what nothing else answers). It
 * runs outside Vite (started by scripts/start.ts), so it imports only plain TypeScript.
 *
 * Fastify and its plugins do the common work:
 * - @fastify/static sends the built files (dist/client) with `preCompressed`: the `.br`/`.gz` copy
 *   made at build time (src/integrations/precompress.ts) that the client accepts, else the original,
 *   each with its own ETag and Last-Modified, 304s, HEAD and ranges; a path with no file goes to Astro;
 * - `trustProxy` resolves the client's address with TRUST_PROXY (settings.ts; forwardedHeaders.ts
 *   hands the result to Astro);
 * - `requestTimeout`, `keepAliveTimeout` and Node's `headersTimeout` cut slow clients off, checked
 *   every second instead of every 30 s;
 * - `clientErrorHandler` answers what could not be read (methods.ts).
 * The site's own hooks, each because no plugin does it:
 * - `siteHeaders` (onRequest): the security headers, and each answer's Content-Security-Policy
 *   decided when its headers go out (responseHeaders.ts, with the per-page policies of
 *   dist/_headers.json); set on Node's response, as Astro writes to it and not through Fastify;
 * - `refuseMethods` (onRequest): 405 with `Allow` (Fastify answers an unrouted method with 404);
 * - `redirectCase` (onRequest): a fixed route reached with other letter case (/Past-Webinars) is
 *   redirected to its canonical spelling (the build writes each route once);
 * - the request log: one line per request (method, path without the query, status, time), no
 *   personal data, written by Fastify's logger (pino);
 * - GET /healthz: whether the server and its store are usable.
 * Astro writes its answers to Node's response itself (middleware mode: `reply.hijack()`), so
 * Fastify's onSend hooks and @fastify/compress never see them: the `compression` middleware
 * compresses them on the way out, as in Astro's own Express example.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import send from '@fastify/send';
import compression from 'compression';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import pino from 'pino';
import { canonicalSpelling } from '../../lib/routes.ts';
import { JSON_ANSWER_HEADERS } from '../endpoints/jsonAnswer.ts';
import type { ProxyTrust } from '../settings.ts';
import { normalizeForwarded } from './forwardedHeaders.ts';
import { answerClientError, isSiteMethod, METHOD_NOT_ALLOWED, refuseConnect } from './methods.ts';
import { IMMUTABLE, NON_PAGE_POLICY, SECURITY_HEADERS, watchSecurityPolicy } from './responseHeaders.ts';

export { NON_PAGE_POLICY, SECURITY_HEADERS };

// RFC 9239 makes text/javascript JavaScript's media type; @fastify/send's mime 3 still says
// application/javascript. Set once, for the original and its compressed copies alike.
send.mime.define({ 'text/javascript': ['js', 'mjs'] }, true);

/** The Astro handler of @astrojs/node's middleware mode (no `next`: it answers every request it gets). */
export type NodeHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void | Promise<void>;

export interface SiteServerOptions {
  /** Whether the store behind the site can answer; GET /healthz reports it. */
  healthCheck?: () => Promise<boolean>;
  /** Where request lines go (default: the app's logger, pino, to standard output); `false` turns them off. */
  log?: ((line: string) => void) | false;
  /** The Content-Security-Policy header of the prerendered page at a path, if any. */
  pagePolicy?: (pathname: string) => string | undefined;
  /** The proxies whose X-Forwarded-* headers are believed (default: none). */
  trustProxy?: ProxyTrust;
  /** Time limits in ms (see the settings in src/server/settings.ts; default: Node's). */
  timeouts?: { headersMs: number; requestMs: number; keepAliveMs: number };
  /** The folder of the built files the server sends itself (dist/client); any other path goes to Astro. */
  clientDir?: string;
}

function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart < 0 ? url : url.slice(0, queryStart);
}

/**
 * Connect-style middleware called with Node's own request and response, as `compression` is here.
 * @types/compression types it as Express middleware (Express's request is Node's with more); a
 * method's parameters are compared both ways, so it fits this shape as it is, without a cast.
 */
interface NodeMiddleware {
  handle(request: http.IncomingMessage, response: http.ServerResponse, next: () => void): void;
}

function asyncLogger(): FastifyBaseLogger {
  return pino({ base: null }, pino.destination({ sync: false }));
}

export async function createSiteServer(astro: NodeHandler, options: SiteServerOptions = {}): Promise<FastifyInstance> {
  const log = options.log === false ? undefined : (options.log ?? ((line: string) => app.log.info(line)));
  const trusts = options.trustProxy?.trusts ?? (() => false);
  const compress: NodeMiddleware = { handle: compression({ threshold: 1024 }) };
  /** Each connection's answer under way (a client error after it started only closes the connection). */
  const responses = new WeakMap<Socket, http.ServerResponse>();
  const app = Fastify({
    // The log: Fastify's logger (pino) writing to standard output asynchronously (a synchronous
    // write per request cost a fifth of the throughput, docs/performance.md). Fastify's own request
    // lines are off (they hold the client's address and the query); siteHeaders writes one instead.
    ...(options.log === undefined && { loggerInstance: asyncLogger() }),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: (address, hop) => trusts(address, hop),
    http: {
      connectionsCheckingInterval: 1000,
      ...(options.timeouts && { headersTimeout: options.timeouts.headersMs }),
    },
    ...(options.timeouts && {
      requestTimeout: options.timeouts.requestMs,
      keepAliveTimeout: options.timeouts.keepAliveMs,
    }),
    clientErrorHandler: answerClientError(responses, log),
    // Astro reads every body itself (forms, uploads, JSON), with its own limits.
    bodyLimit: Number.MAX_SAFE_INTEGER,
  });
  app.server.on('connect', refuseConnect);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  if (options.clientDir) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      preCompressed: true,
      // Dotfiles, and the copies at their own paths (sent only in place of their original), are left
      // to Astro (its 404 page), as any path with no file.
      dotfiles: 'ignore',
      allowedPath: (pathname) => !/\.(br|gz)$/.test(pathname),
      setHeaders: (reply) => {
        // Written as browsers and the tests read it (the plugin then adds no second, lower-case one).
        reply.header('Vary', 'Accept-Encoding');
        if (reply.request.url.startsWith('/_astro/')) reply.header('Cache-Control', IMMUTABLE);
      },
    });
  }

  /** Hands the request to Astro, which writes its answer to Node's response (compressed on the way). */
  const toAstro = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    compress.handle(request.raw, reply.raw, () => void astro(request.raw, reply.raw));
    return reply;
  };

  app.addHook('onRequest', async function siteHeaders(request, reply) {
    const started = process.hrtime.bigint();
    const pathname = pathOf(request.url);
    const response = reply.raw;
    responses.set(request.raw.socket, response);
    response.once('finish', () => {
      responses.delete(request.raw.socket);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log?.(`${request.method} ${pathname} ${response.statusCode} ${ms.toFixed(1)}ms`);
    });
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    if (pathname.startsWith('/_astro/')) response.setHeader('Cache-Control', IMMUTABLE);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    watchSecurityPolicy(response, { pathname, isRead }, options.pagePolicy);
    normalizeForwarded(request.raw, request.ip, trusts);
  });
  app.addHook('onRequest', async function refuseMethods(request, reply) {
    if (!isSiteMethod(request.method))
      await reply.code(405).headers(METHOD_NOT_ALLOWED.headers).send(METHOD_NOT_ALLOWED.body);
  });
  app.addHook('onRequest', async function redirectCase(request, reply) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = pathOf(request.url);
    const canonical = canonicalSpelling(pathname);
    if (canonical) {
      const location = `${canonical}${request.url.slice(pathname.length)}`;
      await reply.code(301).headers({ Location: location, 'Cache-Control': 'public, max-age=86400' }).send();
    }
  });

  app.get('/healthz', async (_request, reply) => {
    const healthy = options.healthCheck ? await options.healthCheck().catch(() => false) : true;
    return reply
      .code(healthy ? 200 : 503)
      .headers(JSON_ANSWER_HEADERS)
      .send(JSON.stringify({ status: healthy ? 'ok' : 'unavailable' }));
  });
  // Without built files, every GET goes to Astro too; with them, @fastify/static hands it what it has no file for.
  if (!options.clientDir) app.get('/*', toAstro);
  app.post('/*', toAstro);
  app.setNotFoundHandler(toAstro);
  // A path @fastify/static will not read ("//x", "/./x", "/..") is no file either: Astro answers it.
  app.setErrorHandler((error: { code?: unknown }, request, reply) => {
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return toAstro(request, reply);
    throw error;
  });
  await app.ready();
  return app;
}
