import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedRoutes, checkRelease } from '../../../src/deploy/releaseChecks.ts';

/** A release's private port whose answers each test chooses: path -> [status, body]. */
let answers: Record<string, [number, string]> = {};
const server = http.createServer((request, response) => {
  const [status, body] = answers[`${request.method} ${request.url}`] ?? [404, 'not here'];
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
afterAll(() => server.close());

const HEALTHY: Record<string, [number, string]> = {
  'GET /healthz': [200, '{"status":"ok"}'],
  'GET /': [200, '<!doctype html>'],
  'POST /Admin/api/events_list': [200, '{"records":[]}'],
  'GET /Contact-Us': [200, '<!doctype html>'],
};

describe("a release's health check", () => {
  it.each<[string, Record<string, [number, string]>, boolean, string]>([
    [
      'a store that cannot answer',
      { 'GET /healthz': [503, '{"status":"unavailable"}'] },
      false,
      'GET /healthz answered 503',
    ],
    [
      'a health answer that is not ok',
      { 'GET /healthz': [200, '{"status":"maybe"}'] },
      false,
      'GET /healthz did not say ok',
    ],
    ['a page that fails', { 'GET /Contact-Us': [500, 'Cannot find module'] }, false, 'GET /Contact-Us answered 500'],
    [
      'an events API without records',
      { 'POST /Admin/api/events_list': [200, '{"rows":[]}'] },
      false,
      'POST /Admin/api/events_list gave no list of records',
    ],
    [
      'an events API down in embedded mode',
      { 'POST /Admin/api/events_list': [503, '{"error":"x"}'] },
      false,
      'POST /Admin/api/events_list answered 503',
    ],
    ['a page that fails with the backend', { 'GET /Contact-Us': [500, ''] }, true, 'GET /Contact-Us answered 500'],
  ])('fails for %s, saying what', async (_case, broken, remote, reason) => {
    answers = { ...HEALTHY, ...broken };
    expect(await checkRelease(port, ['/Contact-Us'], remote)).toBe(reason);
  });

  it("passes a whole release, and one whose events backend is down (the backend's outage, not the release's)", async () => {
    answers = HEALTHY;
    expect(await checkRelease(port, ['/Contact-Us', '/'], false)).toBeUndefined();
    answers = {
      ...HEALTHY,
      'GET /healthz': [503, '{"status":"unavailable"}'],
      'POST /Admin/api/events_list': [503, '{"error":"Events are unavailable right now"}'],
    };
    expect(await checkRelease(port, ['/Contact-Us'], true)).toBeUndefined();
  });

  it('checks only plain paths a release names, at most 50', () => {
    expect(checkedRoutes(['/a', 'http://elsewhere/', '//host', '/b?x', 7, '/c-d/e_f.g'])).toEqual(['/a', '/c-d/e_f.g']);
    expect(checkedRoutes('/a')).toEqual([]);
    expect(checkedRoutes(Array.from({ length: 60 }, (_, n) => `/p${n}`))).toHaveLength(50);
  });
});
