/**
 * The site's HTTP server: a Fastify app in front of the Astro handler of @astrojs/node's middleware
 * mode (on-demand pages, the 404 page), started by scripts/start.ts. Fastify's plugins and options
 * do the common work: @fastify/static sends the built files (dist/client) with `preCompressed` for
 * the build's .br/.gz copies; `trustProxy` resolves the client (TRUST_PROXY, settings.ts); its
 * timeouts cut slow clients off; pino writes the log. The site's own, each saying why no plugin does
 * it: the security headers and each answer's policy, the request line, 405 (methods.ts), case
 * redirects. Astro writes to Node's response itself (`reply.hijack()`), so onSend hooks, and so
 * @fastify/compress and @fastify/helmet's policy, never see its answers: the `compression`
 * middleware compresses them on the way, as in Astro's own Express example.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import send from '@fastify/send';
import fastifyStatic from '@fastify/static';
import compression from 'compression';
import Fastify, { LogController, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { canonicalSpelling } from '../../lib/routes.ts';
import { JSON_ANSWER_HEADERS } from '../endpoints/jsonAnswer.ts';
import type { ProxyTrust } from '../settings.ts';
import { NON_PAGE_POLICY, watchSecurityPolicy } from './contentSecurityPolicy.ts';
import { normalizeForwarded } from './forwardedHeaders.ts';
import { answerClientError, isSiteMethod, METHOD_NOT_ALLOWED, refuseConnect } from './methods.ts';

export { NON_PAGE_POLICY };

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

const HEADER_LIST = Object.entries(SECURITY_HEADERS);

/** Hashed build assets (/_astro/...): every answer at such a path, 304s and Astro's included. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

// RFC 9239 makes text/javascript JavaScript's type; @fastify/send's mime 3 still says application/javascript.
send.mime.define({ 'text/javascript': ['js', 'mjs'] }, true);

/** The Astro handler of @astrojs/node's middleware mode (no `next`: it answers every request it gets). */
export type NodeHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void | Promise<void>;

export interface SiteServerOptions {
  /** Whether the store behind the site can answer; GET /healthz reports it. */
  healthCheck?: () => Promise<boolean>;
  /** Where request lines go (default: the app's logger, to standard output); `false` turns them off. */
  log?: ((line: string) => void) | false;
  /** The Content-Security-Policy header of the prerendered page at a path, if any. */
  pagePolicy?: (pathname: string) => string | undefined;
  /** The proxies whose X-Forwarded-* headers are believed (default: none). */
  trustProxy?: ProxyTrust;
  /** Time limits in ms (src/server/settings.ts; default: Node's). */
  timeouts?: { headersMs: number; requestMs: number; keepAliveMs: number };
  /** The built files (dist/client); any other path goes to Astro. */
  clientDir?: string;
  /** Routes answered without Astro (the events API: src/server/api/eventsRoutes.ts). */
  routes?: FastifyPluginAsync;
}

const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

/** The path of `url` decoded as @fastify/static's own route decodes it; undefined when it is not valid. */
function decodedPath(url: string): string | undefined {
  try {
    return decodeURI(pathOf(url).replace(/%(?:23|3f)/giu, decodeURIComponent));
  } catch {
    return undefined;
  }
}

/**
 * `compression` called with Node's own request and response: typed for Express (Node's request
 * with more), it fits this method's shape as it is (parameters compare both ways), without a cast.
 */
interface NodeMiddleware {
  handle(request: http.IncomingMessage, response: http.ServerResponse, next: () => void): void;
}

export async function createSiteServer(astro: NodeHandler, options: SiteServerOptions = {}) {
  // The log, written asynchronously (a synchronous write per request cost a fifth of the throughput):
  // pino's JSON for Fastify's errors, and the request line as plain text, straight to the same stream.
  const destination = options.log === undefined ? pino.destination({ sync: false }) : undefined;
  const log = options.log === false ? undefined : (options.log ?? ((line: string) => destination?.write(`${line}\n`)));
  const { timeouts, trustProxy: { trusts } = { trusts: () => false } } = options;
  const compress: NodeMiddleware = { handle: compression({ threshold: 1024 }) };
  /** Each connection's answer under way (a client error after it started only closes the connection). */
  const responses = new WeakMap<Socket, http.ServerResponse>();
  const app = Fastify({
    ...(destination && { loggerInstance: pino({ base: null, timestamp: false }, destination) }),
    // No request log of Fastify's own (it holds the address and the query), and so no child logger per request.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger) => logger,
    trustProxy: (address, hop) => trusts(address, hop),
    // Time limits checked every second (Node's default: every 30 s).
    http: { connectionsCheckingInterval: 1000, ...(timeouts && { headersTimeout: timeouts.headersMs }) },
    ...(timeouts && { requestTimeout: timeouts.requestMs, keepAliveTimeout: timeouts.keepAliveMs }),
    clientErrorHandler: answerClientError(responses, log),
    bodyLimit: Number.MAX_SAFE_INTEGER, // Astro reads every body itself, with its own limits.
  });
  app.server.on('connect', refuseConnect);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  if (options.clientDir) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      // Files are sent by the GET route below (reply.sendFile), not the plugin's wildcard route: that
      // one reads the folders of each path on every request (a guard for case-insensitive disks).
      serve: false,
      preCompressed: true,
      dotfiles: 'ignore', // Left to Astro (its 404), as a path with no file.
      setHeaders: (reply) => {
        reply.header('Vary', 'Accept-Encoding'); // As before, and the plugin then adds no lower-case one.
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

  // One hook, run first for every request, with a callback (three async hooks made three promises a
  // request): the headers, the address Astro is handed, the refusals.
  app.addHook('onRequest', function siteRequest(request, reply, done) {
    const { method, url, raw } = request;
    const pathname = pathOf(url);
    const response = reply.raw;
    responses.set(raw.socket, response);
    for (const [name, value] of HEADER_LIST) response.setHeader(name, value);
    if (pathname.startsWith('/_astro/')) response.setHeader('Cache-Control', IMMUTABLE);
    const isRead = method === 'GET' || method === 'HEAD';
    watchSecurityPolicy(response, { pathname, isRead }, options.pagePolicy);
    normalizeForwarded(raw, request.ip, trusts);
    if (!isSiteMethod(method))
      return void reply.code(405).headers(METHOD_NOT_ALLOWED.headers).send(METHOD_NOT_ALLOWED.body);
    // A fixed route in another letter case (/Past-Webinars) leads to its one spelling.
    const canonical = isRead ? canonicalSpelling(pathname) : undefined;
    if (!canonical) return done();
    const location = `${canonical}${url.slice(pathname.length)}`;
    void reply.code(301).headers({ Location: location, 'Cache-Control': 'public, max-age=86400' }).send();
  });
  // The request line, when the answer is sent (Astro's too): no address, no query, no header, so no personal data.
  app.addHook('onResponse', function requestLine(request, reply, done) {
    responses.delete(request.raw.socket);
    log?.(`${request.method} ${pathOf(request.url)} ${reply.raw.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);
    done();
  });

  if (options.routes) await app.register(options.routes);
  app.get('/healthz', async (_request, reply) => {
    const healthy = options.healthCheck ? await options.healthCheck().catch(() => false) : true;
    const status = healthy ? 'ok' : 'unavailable';
    return reply
      .code(healthy ? 200 : 503)
      .headers(JSON_ANSWER_HEADERS)
      .send(JSON.stringify({ status }));
  });
  // A built file, else Astro; a compressed copy is sent only in place of its original.
  app.get('/*', (request, reply) => {
    const pathname = decodedPath(request.url);
    if (!options.clientDir || !pathname || /\.(br|gz)$/.test(pathname)) return toAstro(request, reply);
    return reply.sendFile(pathname);
  });
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
