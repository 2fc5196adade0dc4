/**
 * The server's answer to a request Node could not read (answerClientError in
 * src/server/http/methods.ts, Fastify's clientErrorHandler): refusals first, where nothing may be
 * written because the connection is gone or its answer has already started (found through the
 * server's own record of each connection's answer, not Node's private socket field); then the
 * status each error gets.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { answerClientError } from '../../src/server/http/methods.ts';

function fakeSocket(writable = true) {
  const written: string[] = [];
  let destroyed = false;
  const socket = {
    writable,
    end: (text: string, done: () => void) => {
      written.push(text);
      done();
    },
    destroy: () => {
      destroyed = true;
    },
  };
  return { socket: socket as unknown as Socket, written, isDestroyed: () => destroyed };
}

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('answerClientError', () => {
  it.each([
    ['ERR_HTTP_REQUEST_TIMEOUT', /too long to arrive/],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', /too large/],
  ])('answers %s with a JSON error a script can show, its length counted', (code, message) => {
    const { socket, written } = fakeSocket();
    answerClientError(new WeakMap<Socket, ServerResponse>(), undefined)(failure(code), socket);
    const [head = '', body = ''] = (written[0] ?? '').split('\r\n\r\n');
    expect(head).toContain('Content-Type: application/json; charset=utf-8');
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({ error: expect.stringMatching(message) });
  });

  it.each([
    ['the client reset the connection', 'ECONNRESET', true, false],
    ['the connection can no longer be written to', 'HPE_INVALID_METHOD', false, false],
    ["the connection's answer has started", 'ERR_HTTP_REQUEST_TIMEOUT', true, true],
  ])('writes nothing and closes when %s', (_, code, writable, started) => {
    const { socket, written, isDestroyed } = fakeSocket(writable);
    const responses = new WeakMap<Socket, ServerResponse>();
    if (started) responses.set(socket, { headersSent: true } as ServerResponse);
    const logged: string[] = [];
    answerClientError(responses, (line) => logged.push(line))(failure(code), socket);
    expect(written).toEqual([]);
    expect(logged).toEqual([]);
    expect(isDestroyed()).toBe(true);
  });

  it.each([
    ['HPE_INVALID_METHOD', '501 Not Implemented', true],
    ['ERR_HTTP_REQUEST_TIMEOUT', '408 Request Timeout', false],
    ['HPE_HEADER_OVERFLOW', '431 Request Header Fields Too Large', false],
    ['HPE_INVALID_HEADER_TOKEN', '400 Bad Request', false],
  ])('answers %s with %s and closes (Allow only for the unknown method)', (code, status, allow) => {
    const { socket, written, isDestroyed } = fakeSocket();
    const responses = new WeakMap<Socket, ServerResponse>();
    // An answer under way on the connection whose headers have not gone out does not stop the answer.
    responses.set(socket, { headersSent: false } as ServerResponse);
    const logged: string[] = [];
    answerClientError(responses, (line) => logged.push(line))(failure(code), socket);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${status}\\r\\n`));
    expect(written[0]?.includes('Allow: GET, HEAD, POST')).toBe(allow);
    expect(written[0]).toContain('Connection: close');
    expect(logged).toEqual([`- - ${status.slice(0, 3)} (${code})`]);
    expect(isDestroyed()).toBe(true);
  });
});
