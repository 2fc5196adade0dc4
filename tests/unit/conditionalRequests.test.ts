import { describe, expect, it } from 'vitest';
import { entityTag, matchesIfNoneMatch, REVALIDATE, withEntityTag } from '../../src/server/http/conditionalRequests.ts';

const PAGE = '<!doctype html><title>Event</title><h1>Salem branch CME</h1>';
const HTML = { 'Content-Type': 'text/html; charset=utf-8' };

const get = (headers: Record<string, string> = {}, method = 'GET') =>
  new Request('http://localhost/Events/1', { method, headers });
const page = (headers: Record<string, string> = HTML, status = 200, body: string | null = PAGE) =>
  new Response(body, { status, headers });

describe('entityTag', () => {
  it('is weak, the same for the same body and different for another', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(entityTag(bytes(PAGE))).toMatch(/^W\/"[\w-]{32}"$/);
    expect(entityTag(bytes(PAGE))).toBe(entityTag(bytes(PAGE)));
    expect(entityTag(bytes(`${PAGE} `))).not.toBe(entityTag(bytes(PAGE)));
  });
});

describe('matchesIfNoneMatch', () => {
  it.each([
    [null, false],
    ['', false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['"other", W/"abc"', true],
    ['*', true],
    ['W/"abcd"', false],
    ['"ab"', false],
  ])('If-None-Match %j against W/"abc": %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, 'W/"abc"')).toBe(expected);
  });
});

describe('withEntityTag', () => {
  it('gives a page an ETag, asks caches to revalidate, and leaves the body as it was', async () => {
    const response = await withEntityTag(get(), page());
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe(entityTag(new TextEncoder().encode(PAGE)));
    expect(response.headers.get('cache-control')).toBe(REVALIDATE);
    expect(response.headers.get('content-type')).toBe(HTML['Content-Type']);
    expect(await response.text()).toBe(PAGE);
  });

  it('keeps a Cache-Control the page chose', async () => {
    const response = await withEntityTag(get(), page({ ...HTML, 'Cache-Control': 'public, max-age=3600' }));
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('etag')).toBeTruthy();
  });

  it('answers 304 without a body when the browser holds the same version', async () => {
    const first = await withEntityTag(get(), page({ ...HTML, 'Content-Security-Policy': "default-src 'self'" }));
    const etag = first.headers.get('etag') ?? '';
    for (const ifNoneMatch of [etag, `"stale", ${etag}`, etag.replace(/^W\//, ''), '*']) {
      const again = await withEntityTag(get({ 'If-None-Match': ifNoneMatch }), page());
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(REVALIDATE);
      expect(again.headers.get('content-type')).toBeNull();
      expect(await again.text()).toBe('');
    }
    const policy = await withEntityTag(
      get({ 'If-None-Match': etag }),
      page({ ...HTML, 'Content-Security-Policy': "default-src 'self'" }),
    );
    expect(policy.headers.get('content-security-policy')).toBe("default-src 'self'");
  });

  it('answers 200 in full when the browser holds another version', async () => {
    const response = await withEntityTag(get({ 'If-None-Match': 'W/"an-older-version"' }), page());
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(PAGE);
  });

  it('gives HEAD the same ETag as GET', async () => {
    const head = await withEntityTag(get({}, 'HEAD'), page());
    const full = await withEntityTag(get(), page());
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
  });

  it.each([
    ['marked no-store', get(), page({ ...HTML, 'Cache-Control': 'private, no-store' })],
    ['answering a POST', get({}, 'POST'), page({ 'Content-Type': 'application/json' })],
    ['that is not a 200', get(), page(HTML, 503)],
    ['that is a 404', get(), page(HTML, 404)],
    ['with an ETag of its own', get(), page({ ...HTML, ETag: '"photo-1"' })],
    ['without a body', get(), page(HTML, 200, null)],
  ])('leaves an answer %s as it is', async (_, request, response) => {
    const result = await withEntityTag(request, response);
    expect(result).toBe(response);
  });

  it('never answers 304 to a no-store page, whatever the browser sends', async () => {
    const response = await withEntityTag(get({ 'If-None-Match': '*' }), page({ ...HTML, 'Cache-Control': 'no-store' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBeNull();
  });
});
