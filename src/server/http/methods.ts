/**
 * Refusals made on the socket, where there is no request for the server's hook (which gives other
 * methods their 405): CONNECT, which Node routes nowhere, gets 405 with `Allow`; a method Node cannot
 * parse (BREW) gets 501 with `Allow` from answerClientError, where Fastify's handler says 400.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { JSON_ANSWER_HEADERS } from './jsonAnswer.ts';
import { ALLOW } from '../pageMethods.ts';

function rawAnswer(status: string, headers: Record<string, string> = {}, body = ''): string {
  const all = { ...headers, Connection: 'close', 'Content-Length': String(Buffer.byteLength(body)) };
  const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Answers CONNECT (a request to open a tunnel, for proxies only) with 405, and closes. */
export function refuseConnect(_request: unknown, socket: Duplex): void {
  socket.end(rawAnswer('405 Method Not Allowed', { Allow: ALLOW }), () => socket.destroy());
}

/**
 * Node's own answers to an unreadable request (lib/_http_server.js), 501 for an unknown method, and for
 * a body cut off part way (an upload, a form) the `error` the admin's and the contact form's scripts show.
 */
const CLIENT_ERRORS: Readonly<Record<string, { status: string; error?: string }>> = {
  HPE_INVALID_METHOD: { status: '501 Not Implemented' },
  HPE_HEADER_OVERFLOW: { status: '431 Request Header Fields Too Large' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: '413 Payload Too Large',
    error: 'The request is too large, so nothing was saved.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: '408 Request Timeout',
    error: 'The request took too long to arrive, so nothing was saved. Please check the connection and try again.',
  },
};

/**
 * Fastify's `clientErrorHandler` (an unknown method, a malformed or oversized head, a request not
 * received within requestTimeout). Like Node's, it answers only when no answer has started on the
 * connection (`responses`, kept by the server; Node reads a private field), then closes it.
 */
export function answerClientError(responses: WeakMap<Socket, ServerResponse>, log?: (line: string) => void) {
  return (error: Error & { code?: unknown }, socket: Socket): void => {
    const code = typeof error.code === 'string' ? error.code : '';
    if (code === 'ECONNRESET' || !socket.writable || responses.get(socket)?.headersSent === true)
      return void socket.destroy();
    const { status, error: message } = CLIENT_ERRORS[code] ?? { status: '400 Bad Request' };
    log?.(`- - ${status.slice(0, 3)} (${code || 'unreadable request'})`);
    const body = message === undefined ? '' : JSON.stringify({ error: message });
    const headers = code === 'HPE_INVALID_METHOD' ? { Allow: ALLOW } : message ? { ...JSON_ANSWER_HEADERS } : {};
    socket.end(rawAnswer(status, headers, body), () => socket.destroy());
  };
}
