/**
 * Downloads a network hiccup does not end (src/deploy/download.ts), against a real HTTP server that
 * breaks off, fails, or ignores Range as servers do.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadTo, NetworkError } from '../../../src/deploy/download.ts';

const BODY = Buffer.from(Array.from({ length: 300_000 }, (_, index) => index % 251));
/** The waits between tries, shortened: the rule is the same, the test faster. */
const PAUSES = [0.01, 0.02, 0.04, 0.08];
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** How the server answers the next requests, one way each, then plainly. */
let plan: ((request: IncomingMessage, response: ServerResponse) => void)[] = [];
const seen: { range: string | undefined; authorization: string | undefined }[] = [];

function plainly(request: IncomingMessage, response: ServerResponse): void {
  const from = Number(/^bytes=(\d+)-\d*$/.exec(request.headers.range ?? '')?.[1] ?? Number.NaN);
  if (Number.isInteger(from)) {
    response.writeHead(206, { 'Content-Range': `bytes ${from}-${BODY.length - 1}/${BODY.length}` });
    response.end(BODY.subarray(from));
  } else {
    response.writeHead(200, { 'Content-Length': BODY.length }).end(BODY);
  }
}

const server = createServer((request, response) => {
  seen.push({ range: request.headers.range, authorization: request.headers.authorization });
  (plan.shift() ?? plainly)(request, response);
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/asset`;
});
afterAll(() => server.close());

const target = () => ({
  file: path.join(mkdtempSync(path.join(tmpdir(), 'isa-download-')), 'a.tar.gz'),
  size: BODY.length,
});
/** Answers as `plainly` does (a Range with 206), but the connection drops after `bytes` bytes of this answer. */
const cutAfter = (bytes: number) => (request: IncomingMessage, response: ServerResponse) => {
  const from = Number(/^bytes=(\d+)-\d*$/.exec(request.headers.range ?? '')?.[1] ?? 0);
  if (from > 0) {
    response.writeHead(206, { 'Content-Range': `bytes ${from}-${BODY.length - 1}/${BODY.length}` });
  } else response.writeHead(200, { 'Content-Length': BODY.length });
  // The connection ends with the file unfinished, as when a network drops midway (once the bytes sent
  // have been read: a stream that fails drops what it had not handed on yet).
  response.write(BODY.subarray(from, from + bytes), () => setTimeout(() => response.socket?.end(), 150));
};

describe('a download', () => {
  it('cut short is taken up where it broke off (a Range request), and is whole', async () => {
    seen.length = 0;
    plan = [cutAfter(100_000)];
    const into = target();
    await downloadTo(url, { Authorization: 'Bearer t' }, into, AbortSignal.timeout(20_000), PAUSES);
    expect(sha(readFileSync(into.file))).toBe(sha(BODY));
    expect(seen.map((each) => each.range)).toEqual([undefined, expect.stringMatching(/^bytes=\d+-/)]);
    expect(Number(/\d+/.exec(seen[1]?.range ?? '')?.[0])).toBeGreaterThan(0);
    expect(seen.every((each) => each.authorization === 'Bearer t')).toBe(true);
    expect(existsSync(`${into.file}.part`)).toBe(false);
  });

  it('fails when the server then ignores the Range, and the next download starts over and is whole', async () => {
    seen.length = 0;
    plan = [cutAfter(50_000), (_request, response) => response.writeHead(200).end(BODY)];
    const into = target();
    await expect(downloadTo(url, {}, into, AbortSignal.timeout(20_000), PAUSES)).rejects.toBeInstanceOf(NetworkError);
    expect(seen[1]?.range).toMatch(/^bytes=/);
    expect(existsSync(into.file)).toBe(false);
    await downloadTo(url, {}, into, AbortSignal.timeout(20_000), PAUSES);
    expect(sha(readFileSync(into.file))).toBe(sha(BODY));
  });

  it("is tried again after a server's error, and gives up with a NetworkError after five tries", async () => {
    plan = [(_request, response) => response.writeHead(503).end()];
    const into = target();
    await downloadTo(url, {}, into, AbortSignal.timeout(20_000), PAUSES);
    expect(readFileSync(into.file).length).toBe(BODY.length);
    seen.length = 0;
    plan = Array.from({ length: 5 }, () => (_request: IncomingMessage, response: ServerResponse) => {
      response.writeHead(500).end();
    });
    const failed = downloadTo(url, {}, target(), AbortSignal.timeout(30_000), PAUSES);
    await expect(failed).rejects.toBeInstanceOf(NetworkError);
    await expect(failed).rejects.toThrow('it answered 500');
    expect(seen).toHaveLength(5);
  });

  it('gives up with a NetworkError when every try broke off, and leaves no part of the file behind', async () => {
    seen.length = 0;
    plan = Array.from({ length: 5 }, () => cutAfter(1000));
    const into = target();
    await expect(downloadTo(url, {}, into, AbortSignal.timeout(30_000), PAUSES)).rejects.toBeInstanceOf(NetworkError);
    expect(seen.map((each) => each.range)).toEqual([
      undefined,
      'bytes=1000-299999',
      'bytes=2000-299999',
      'bytes=3000-299999',
      'bytes=4000-299999',
    ]);
    expect(existsSync(into.file) || existsSync(`${into.file}.part`)).toBe(false);
  });

  it('stops waiting at once when it is no longer wanted', async () => {
    plan = [(_request, response) => response.writeHead(503).end()];
    const stop = new AbortController();
    const started = downloadTo(url, {}, target(), stop.signal);
    setTimeout(() => stop.abort(), 200);
    await expect(started).rejects.toThrow();
    plan = [];
  });
});
