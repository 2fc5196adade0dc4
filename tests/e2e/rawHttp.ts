/**
 * HTTP requests with headers a browser or fetch() would not let a test set (Host, a forged
 * X-Forwarded-For), answers as the bytes sent, and raw connections for what is not HTTP at all (an unknown method, a body
 * sent a byte at a time).
 */
import http from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function send(
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers,
        agent: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The answer's bytes as sent (not decoded: fetch() and Playwright's request context would decode them, and add their
 * own Accept-Encoding), with the path as written in `url` ("/./branches", "/%2e%2e/" are not normalised).
 */
export function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const path = url.startsWith(target.origin) ? url.slice(target.origin.length) : `${target.pathname}${target.search}`;
    http
      .request({ host: target.hostname, port: target.port, path, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

/** Writes `head`, then `drip` every `everyMs`; resolves with what came back once the server closed, and when. */
export function rawExchange(
  url: string,
  head: string,
  drip?: { chunk: string; everyMs: number },
): Promise<{ answer: string; afterMs: number }> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(target.port), target.hostname, () => socket.write(head));
    let answer = '';
    const timer = drip && setInterval(() => socket.writable && socket.write(drip.chunk), drip.everyMs);
    // Never longer than a minute, whatever the server does.
    const giveUp = setTimeout(() => socket.destroy(), 60_000);
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, afterMs: Date.now() - started });
    });
  });
}
