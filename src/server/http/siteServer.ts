/**
 * The site's HTTP server: a Fastify app in front of @astrojs/node's middleware-mode handler, with @fastify/static
 * (the build's .br/.gz copies), `trustProxy`, Fastify's timeouts and pino. Astro writes to Node's response itself
 * (`reply.hijack()`), so `compression` compresses its answers (./compressOnTheWay.ts), not @fastify/compress. The
 * site's own pieces each say why: headers (../securityHeaders.ts), methods.ts, unreadBodies.ts, ../builtImages.ts.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import send from '@fastify/send';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import onHeaders from 'on-headers';
import pino from 'pino';
import { canonicalSpelling } from '../../lib/routes.ts';
import { JSON_ANSWER_HEADERS } from './jsonAnswer.ts';
import { builtImageRoutes } from '../builtImages.ts';
import type { ProxyTrust } from '../settings.ts';
import { isSiteMethod, METHOD_NOT_ALLOWED } from '../pageMethods.ts';
import { policyFor, SECURITY_HEADERS } from '../securityHeaders.ts';
import { normalizeForwarded } from './forwardedHeaders.ts';
import { compressOnTheWay } from './compressOnTheWay.ts';
import { answerClientError, refuseConnect } from './methods.ts';
import { closeIfBodyLeftLong } from './unreadBodies.ts';

/**
 * Hashed build assets (/_astro/...) and the pictures made from them (/_image?href=/_astro/...) as @fastify/static
 * sends them, 304s included (set here only, in place of @fastify/send's `public, max-age=0`). Astro's answers there
 * (no such file) are not kept for a year.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

// RFC 9239 makes text/javascript JavaScript's type; @fastify/send's mime 3 still says application/javascript. This is
// the table @fastify/static reads a precompressed file's type from, after any `setHeaders` (it has no option for it).
send.mime.define({ 'text/javascript': ['js', 'mjs'] }, true);

/** The Astro handler of @astrojs/node's middleware mode (it answers every request it gets). */
export type NodeHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void | Promise<void>;

export interface SiteServerOptions {
  /** Whether the store behind the site can answer; GET /healthz reports it. */
  healthCheck?: () => Promise<boolean>;
  /** Where request lines go (default: standard output, through pino's destination); `false` turns them off. */
  log?: ((line: string) => void) | false;
  /** The Content-Security-Policy header of the prerendered page at a path, if any. */
  pagePolicy?: (pathname: string) => string | undefined;
  /** The proxies whose X-Forwarded-For is believed (default: none). */
  trustProxy?: ProxyTrust;
  /** The origin every request is handed to Astro for (SITE_URL's: ./forwardedHeaders.ts); default: its Host. */
  publicOrigin?: string;
  /** Time limits in ms (src/server/settings.ts; default: Node's). */
  timeouts?: { headersMs: number; requestMs: number; keepAliveMs: number };
  /** The built files (dist/client); any other path goes to Astro. */
  clientDir?: string;
  /** Routes answered without Astro (the events API: src/server/api/eventsRoutes.ts). */
  routes?: FastifyPluginAsync;
}

const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

export async function createSiteServer(astro: NodeHandler, options: SiteServerOptions = {}) {
  const destination = options.log === undefined ? pino.destination({ sync: true }) : undefined;
  const log = options.log === false ? undefined : (options.log ?? ((line: string) => destination?.write(`${line}\n`)));
  const { timeouts, trustProxy: { trusts } = { trusts: () => false } } = options;
  const compress = compressOnTheWay({ threshold: 1024 });
  const publicOrigin = options.publicOrigin === undefined ? undefined : new URL(options.publicOrigin);
  const responses = new WeakMap<Socket, http.ServerResponse>(); // Answers under way, for answerClientError.
  const app = Fastify({
    ...(destination && { loggerInstance: pino({ base: null, timestamp: false }, destination) }),
    // No request log of Fastify's (it holds the address and the query), so no child logger per request.
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
      preCompressed: true,
      allowedPath: (pathname) => !/\.(br|gz)$/.test(pathname), // A compressed copy only in place of its original.
      dotfiles: 'ignore', // Left to Astro (its 404), as a path with no file.
      setHeaders: (reply) => {
        reply.header('Vary', 'Accept-Encoding'); // As before, and the plugin then adds no lower-case one.
        if (/^\/_(astro\/|image)/.test(reply.request.url)) reply.header('Cache-Control', IMMUTABLE);
      },
    });
    await app.register(builtImageRoutes(options.clientDir)); // GET /_image: pictures made at build, only.
  }

  /** Hands the request to Astro, which writes its answer to Node's response (compressed on the way). */
  const toAstro = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    compress(request.raw, reply.raw, () => void astro(request.raw, reply.raw));
  };

  // First for every request, one hook with a callback (not three promises): headers, addresses, refusals.
  app.addHook('onRequest', function siteRequest(request, reply, done) {
    const { method, url, raw } = request;
    const pathname = pathOf(url);
    const response = reply.raw;
    responses.set(raw.socket, response);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    const isRead = method === 'GET' || method === 'HEAD';
    // Set when the headers are complete, whoever wrote them (no onSend hook sees Astro's): which, policyFor says.
    onHeaders(response, () => {
      const policy = policyFor(response, { pathname, isRead }, options.pagePolicy);
      if (policy) response.setHeader('Content-Security-Policy', policy);
    });
    normalizeForwarded(raw, request.ip, publicOrigin);
    closeIfBodyLeftLong(raw, response);
    if (!isSiteMethod(method))
      return void reply.code(405).headers(METHOD_NOT_ALLOWED.headers).send(METHOD_NOT_ALLOWED.body);
    // A fixed route in another letter case (/Past-Webinars) leads to its one spelling.
    const canonical = isRead ? canonicalSpelling(pathname) : undefined;
    if (!canonical) return done();
    const location = `${canonical}${url.slice(pathname.length)}`;
    void reply.header('Cache-Control', 'public, max-age=86400').redirect(location, 301);
  });
  // The request line, when the answer is sent (Astro's too): no address, no query, no header, so no personal data.
  app.addHook('onResponse', function requestLine(request, reply, done) {
    responses.delete(request.raw.socket);
    log?.(`${request.method} ${pathOf(request.url)} ${reply.raw.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);
    done();
  });

  if (options.routes) await app.register(options.routes);
  // Handlers return the body, or nothing, never the reply: a returned reply is a thenable Fastify waits on.
  app.get('/healthz', async (_request, reply) => {
    const healthy = options.healthCheck ? await options.healthCheck().catch(() => false) : true;
    reply.code(healthy ? 200 : 503).headers(JSON_ANSWER_HEADERS);
    return JSON.stringify({ status: healthy ? 'ok' : 'unavailable' });
  });
  // What is not a built file (@fastify/static's route for every GET and HEAD) is Astro's.
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
