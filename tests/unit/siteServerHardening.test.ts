/**
 * The site server's guards, on a server of the test's own around a handler that echoes what
 * reaches it: proxy trust (which client address Astro is handed), the public origin it is handed, the
 * methods it answers, and the time limits that cut slow clients off.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProxyTrust, type ProxyTrust } from '../../src/server/settings.ts';
import { listeningSiteServer } from './listeningSiteServer.ts';

let trust: ProxyTrust = parseProxyTrust(undefined);
const logged: string[] = [];
const handled: string[] = [];
let server: http.Server;
let port: number;

beforeAll(async () => {
  ({ server, port } = await listeningSiteServer(
    (request, response) => {
      handled.push(`${request.method} ${request.url}`);
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const forwarded = Object.fromEntries(
          ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port'].map((name) => [
            name,
            request.headers[name],
          ]),
        );
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ forwarded, body }));
      });
    },
    {
      log: (line) => logged.push(line),
      publicOrigin: 'https://isa.example.org:8443',
      trustProxy: { trusts: (address, hop) => trust.trusts(address, hop), description: 'per test' },
      timeouts: { headersMs: 1000, requestMs: 1500, keepAliveMs: 1000 },
    },
  ));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; body: string; allow?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: '/echo', method, headers, agent: false },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            ...(response.headers.allow ? { allow: response.headers.allow } : {}),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function forwardedFor(setting: string, headers: Record<string, string>) {
  trust = parseProxyTrust(setting);
  const answer = await get(headers);
  return JSON.parse(answer.body).forwarded;
}

/** Sends `head` on a raw connection; resolves with what came back once the server closed it, and when. */
function raw(head: string, drip?: { chunk: string; everyMs: number }): Promise<{ answer: string; afterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    const timer = drip && setInterval(() => socket.writable && socket.write(drip.chunk), drip.everyMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, afterMs: Date.now() - started });
    });
  });
}

describe('proxy trust', () => {
  it.each([
    ['', { 'X-Forwarded-For': '10.8.2.7' }, '127.0.0.1'],
    ['', { 'X-Forwarded-For': '10.9.9.4, 1.1.1.1' }, '127.0.0.1'],
    ['1', { 'X-Forwarded-For': '10.9.9.4, 1.1.1.1' }, '1.1.1.1'],
    ['1', { 'X-Forwarded-For': '1.1.1.1' }, '1.1.1.1'],
    ['1', {}, '127.0.0.1'],
    ['2', { 'X-Forwarded-For': '10.9.9.4, 198.51.100.7, 10.0.0.5' }, '198.51.100.7'],
    ['loopback', { 'X-Forwarded-For': '203.0.113.9, 127.0.0.1' }, '203.0.113.9'],
    ['loopback, 10.0.0.0/8', { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9, 10.1.2.3' }, '203.0.113.9'],
    ['10.0.0.0/8', { 'X-Forwarded-For': '203.0.113.9' }, '127.0.0.1'],
  ])('TRUST_PROXY=%j with %j: the client is %s, and Astro is handed only that', async (setting, headers, client) => {
    expect((await forwardedFor(setting, headers))['x-forwarded-for']).toBe(client);
  });

  it('hands Astro the public origin, whatever Host and forwarded headers came, from a trusted proxy or not', async () => {
    const headers = {
      Host: 'evil.example.com',
      'X-Forwarded-Proto': 'http',
      'X-Forwarded-Host': 'evil.example.com, isa.example.org',
      'X-Forwarded-Port': '80',
    };
    const publicOrigin = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'isa.example.org:8443' };
    expect(await forwardedFor('', headers)).toEqual({ 'x-forwarded-for': '127.0.0.1', ...publicOrigin });
    expect(await forwardedFor('1', headers)).toEqual({ 'x-forwarded-for': '127.0.0.1', ...publicOrigin });
  });
});

describe('methods', () => {
  it.each(['TRACE', 'PROPFIND', 'PUT', 'DELETE', 'OPTIONS', 'PURGE'])(
    '%s gets 405 with Allow, and never reaches Astro',
    async (method) => {
      handled.length = 0;
      const answer = await get({}, method);
      expect([answer.status, answer.allow]).toEqual([405, 'GET, HEAD, POST']);
      expect(handled).toEqual([]);
      expect(logged.at(-1)).toMatch(new RegExp(`^${method} /echo 405 `));
    },
  );

  it('answers a method Node does not know with 501 and Allow', async () => {
    const { answer } = await raw('BREW /pot HTTP/1.1\r\nHost: a\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 501 Not Implemented\r\n/);
    expect(answer).toContain('Allow: GET, HEAD, POST');
    expect(logged.at(-1)).toBe('- - 501 (HPE_INVALID_METHOD)');
  });

  it('answers CONNECT with 405 and closes', async () => {
    const { answer } = await raw('CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
  });

  it('still answers a malformed request with 400, as Node would', async () => {
    const { answer } = await raw('GET / HTTP/1.1\r\nHost a\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });
});

describe('time limits', () => {
  it('cuts off a request whose body comes a byte at a time', async () => {
    const { answer, afterMs } = await raw('POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n', {
      chunk: 'x',
      everyMs: 200,
    });
    // 100 bytes at this pace would take 20 s; the limit is 1.5 s, checked every second.
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(afterMs).toBeLessThan(4000);
  });

  it('cuts off a client that sends its headers a line at a time', async () => {
    const { answer, afterMs } = await raw('GET /echo HTTP/1.1\r\n', { chunk: 'X-Slow: 1\r\n', everyMs: 200 });
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(afterMs).toBeLessThan(4000);
  });

  it('closes a kept-alive connection left idle', async () => {
    const { answer, afterMs } = await raw('GET /echo HTTP/1.1\r\nHost: a\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(afterMs).toBeLessThan(4000);
  });
});
