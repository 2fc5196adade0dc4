/**
 * The request methods the site answers, and a plain refusal for every other, before Astro sees
 * the request: Astro renders a page whatever the method (PUT / answered the home page), and
 * crashes on the methods the Fetch API forbids (TRACE, TRACK: a 500 and a stack trace in the log).
 *
 * - GET, HEAD and POST go on (the pages and endpoints that take a POST say so themselves).
 * - Any other method Node's HTTP parser knows (OPTIONS, PUT, DELETE, TRACE, PROPFIND, ...) and
 *   CONNECT get 405 Method Not Allowed with `Allow`.
 * - A method Node's parser does not know (BREW) never becomes a request: the parser fails, and
 *   the answer is 501 Not Implemented with `Allow` instead of Node's 400.
 * A route that needs another method (a JSON API taking DELETE, say) adds it to SITE_METHODS.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';

const SITE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST']);
const ALLOW = [...SITE_METHODS].join(', ');

export function isSiteMethod(method: string | undefined): boolean {
  return method !== undefined && SITE_METHODS.has(method);
}

/** The 405 for a method the site does not answer. */
export function refuseMethod(response: http.ServerResponse): void {
  response.writeHead(405, {
    Allow: ALLOW,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end('Method not allowed\n');
}

function rawAnswer(status: string, headers: Record<string, string> = {}): string {
  const lines = Object.entries({ ...headers, Connection: 'close', 'Content-Length': '0' }).map(
    ([name, value]) => `${name}: ${value}`,
  );
  return `HTTP/1.1 ${status}\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** Answers CONNECT (a request to open a tunnel, for proxies only) with 405, and closes. */
export function refuseConnect(_request: http.IncomingMessage, socket: Duplex): void {
  socket.end(rawAnswer('405 Method Not Allowed', { Allow: ALLOW }), () => socket.destroy());
}

/** What Node itself answers to a request it could not read (lib/_http_server.js), and 501 for an unknown method. */
const CLIENT_ERROR_STATUS: Readonly<Record<string, string>> = {
  HPE_INVALID_METHOD: '501 Not Implemented',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

function codeOf(error: Error): string {
  const code: unknown = Reflect.get(error, 'code');
  return typeof code === 'string' ? code : '';
}

/**
 * The server's 'clientError' handler: a request that could not be read (an unknown method, a
 * malformed or oversized head, a request not received within requestTimeout). Like Node's own
 * handler it answers only when no answer has started on the connection, then closes it;
 * `log` gets one line, as the request log would write it.
 */
export function answerClientError(log: ((line: string) => void) | undefined) {
  return (error: Error, socket: Duplex): void => {
    const code = codeOf(error);
    // The response on this connection, if one is under way (Node's own check, on its socket field).
    const current: unknown = Reflect.get(socket, '_httpMessage');
    const started = typeof current === 'object' && current !== null && Reflect.get(current, 'headersSent') === true;
    if (code === 'ECONNRESET' || !socket.writable || started) {
      socket.destroy();
      return;
    }
    const status = CLIENT_ERROR_STATUS[code] ?? '400 Bad Request';
    log?.(`- - ${status.slice(0, 3)} (${code || 'unreadable request'})`);
    // Closed once written, whether or not the client ever closes its side.
    socket.end(rawAnswer(status, code === 'HPE_INVALID_METHOD' ? { Allow: ALLOW } : {}), () => socket.destroy());
  };
}
