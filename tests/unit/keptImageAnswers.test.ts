import { describe, expect, it } from 'vitest';
import { keepImageAnswers } from '../../src/lib/keptImageAnswers.ts';

/** A stand-in for Astro's /_image GET: counts its calls, answers what `answer` makes of the address. */
function countingTransform(answer: (url: URL) => Response | Promise<Response>) {
  const calls: string[] = [];
  const transform = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    calls.push(url.search);
    return answer(url);
  };
  return { calls, transform };
}

const picture = (bytes: number, fill = 7) =>
  new Response(new Uint8Array(bytes).fill(fill), {
    status: 200,
    headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=31536000', ETag: '"abc"' },
  });
const ask = async (handler: (context: { request: Request }) => Response | Promise<Response>, query: string) =>
  handler({ request: new Request(`http://site.example.org/_image?${query}`) });

describe('keepImageAnswers', () => {
  it('makes a picture once and sends the same status, headers and bytes again', async () => {
    const { calls, transform } = countingTransform(() => picture(1000));
    const handler = keepImageAnswers(transform);
    const first = await ask(handler, 'href=%2F_astro%2Fa.jpg&w=640&f=webp');
    const again = await ask(handler, 'href=%2F_astro%2Fa.jpg&w=640&f=webp');
    expect(calls).toHaveLength(1);
    for (const answer of [first, again]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      expect(answer.headers.get('etag')).toBe('"abc"');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000');
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(new Uint8Array(1000).fill(7));
    }
  });

  it('keeps each address apart', async () => {
    const { calls, transform } = countingTransform((url) => picture(10, Number(url.searchParams.get('w')) % 256));
    const handler = keepImageAnswers(transform);
    const small = await ask(handler, 'href=a&w=400');
    const large = await ask(handler, 'href=a&w=800');
    expect(calls).toEqual(['?href=a&w=400', '?href=a&w=800']);
    expect(new Uint8Array(await small.arrayBuffer())[0]).toBe(400 % 256);
    expect(new Uint8Array(await large.arrayBuffer())[0]).toBe(800 % 256);
  });

  it('shares one transformation among requests that come together', async () => {
    let finish = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    const { calls, transform } = countingTransform(async () => {
      await done;
      return picture(100);
    });
    const handler = keepImageAnswers(transform);
    const answers = Promise.all([ask(handler, 'href=a'), ask(handler, 'href=a'), ask(handler, 'href=a')]);
    finish();
    for (const answer of await answers) expect((await answer.arrayBuffer()).byteLength).toBe(100);
    expect(calls).toHaveLength(1);
  });

  it('keeps no refusal, failure or answer that is not a picture, and each request can read its own', async () => {
    const answers = [
      () => new Response('Not Found', { status: 404 }),
      () => new Response('Invalid request', { status: 400 }),
      () => new Response('Internal Server Error', { status: 500 }),
      () => new Response('<p>text</p>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    ];
    for (const answer of answers) {
      const { calls, transform } = countingTransform(answer);
      const handler = keepImageAnswers(transform);
      const [first, second] = await Promise.all([ask(handler, 'href=x'), ask(handler, 'href=x')]);
      const third = await ask(handler, 'href=x');
      expect(calls).toHaveLength(2);
      const expected = await answer().text();
      for (const response of [first, second, third]) expect(await response.text()).toBe(expected);
      expect(third.status).toBe(answer().status);
    }
  });

  it('holds no more than its bound: the least recently used go first, and an answer over a tenth is never kept', async () => {
    const { calls, transform } = countingTransform((url) => picture(Number(url.searchParams.get('bytes'))));
    const handler = keepImageAnswers(transform, { maxBytes: 10_000 });
    for (const name of ['a', 'b', 'c']) await ask(handler, `href=${name}&bytes=900`);
    await ask(handler, 'href=a&bytes=900');
    expect(calls).toHaveLength(3);
    // Eleven more of the same size push the oldest out ("b": "a" was used again).
    for (let index = 0; index < 11; index++) await ask(handler, `href=n${index}&bytes=900`);
    await ask(handler, 'href=b&bytes=900');
    expect(calls.at(-1)).toBe('?href=b&bytes=900');
    const before = calls.length;
    await ask(handler, 'href=big&bytes=1100');
    await ask(handler, 'href=big&bytes=1100');
    expect(calls.length).toBe(before + 2);
  });
});
