/**
 * The request methods the site answers, in one place (src/server/pageMethods.ts refuses the same
 * under `astro dev`): the server refuses every other before Astro sees it, as Astro renders a page
 * whatever the method and crashes on those the Fetch API forbids (TRACE, TRACK). No plugin does
 * this: Fastify answers an unrouted method with 404, and a request it cannot read with a JSON 400.
 * - A method Node's parser knows (OPTIONS, PUT, DELETE, TRACE, ...) gets 405 with `Allow` (the
 *   server's refuseMethods hook); CONNECT too (refuseConnect: Node hands it to no route).
 * - One it does not know (BREW) never becomes a request: answerClientError answers 501 with `Allow`.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { JSON_ANSWER_HEADERS } from '../endpoints/jsonAnswer.ts';

const SITE_METHODS: readonly string[] = ['GET', 'HEAD', 'POST'];
export const ALLOW = SITE_METHODS.join(', ');

export function isSiteMethod(method: string | undefined): boolean {
  return method !== undefined && SITE_METHODS.includes(method);
}

/** The headers and body of the 405 for a method the site does not answer. */
export const METHOD_NOT_ALLOWED = {
  headers: { Allow: ALLOW, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  body: 'Method not allowed\n',
} as const;

function rawAnswer(status: string, headers: Record<string, string> = {}, body = ''): string {
  const all = { ...headers, Connection: 'close', 'Content-Length': String(Buffer.byteLength(body)) };
  const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Answers CONNECT (a request to open a tunnel, for proxies only) with 405, and closes. */
export function refuseConnect(_request: unknown, socket: Duplex): void {
  socket.end(rawAnswer('405 Method Not Allowed', { Allow: ALLOW }), () => socket.destroy());
}

/** What Node itself answers to a request it could not read (lib/_http_server.js), and 501 for an unknown method. */
const CLIENT_ERROR_STATUS: Readonly<Record<string, string>> = {
  HPE_INVALID_METHOD: '501 Not Implemented',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** For a body cut off part way (an upload, a form): the admin's and the contact form's scripts show `error`. */
const CLIENT_ERROR_BODY: Readonly<Record<string, string>> = {
  ERR_HTTP_REQUEST_TIMEOUT: JSON.stringify({
    error: 'The request took too long to arrive, so nothing was saved. Please check the connection and try again.',
  }),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: JSON.stringify({ error: 'The request is too large, so nothing was saved.' }),
};

/**
 * Fastify's `clientErrorHandler` (a request that could not be read: an unknown method, a malformed
 * or oversized head, one not received within requestTimeout). Like Node's own handler it answers
 * only when no answer has started on the connection (`responses`, kept by the server, where Node
 * reads a private field of the socket), then closes it; `log` gets one line.
 */
export function answerClientError(
  responses: WeakMap<Socket, ServerResponse>,
  log: ((line: string) => void) | undefined,
) {
  return (error: Error & { code?: unknown }, socket: Socket): void => {
    const code = typeof error.code === 'string' ? error.code : '';
    if (code === 'ECONNRESET' || !socket.writable || responses.get(socket)?.headersSent === true) {
      socket.destroy();
      return;
    }
    const status = CLIENT_ERROR_STATUS[code] ?? '400 Bad Request';
    log?.(`- - ${status.slice(0, 3)} (${code || 'unreadable request'})`);
    const body = CLIENT_ERROR_BODY[code];
    const headers = code === 'HPE_INVALID_METHOD' ? { Allow: ALLOW } : body ? { ...JSON_ANSWER_HEADERS } : {};
    socket.end(rawAnswer(status, headers, body), () => socket.destroy());
  };
}
