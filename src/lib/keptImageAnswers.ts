/**
 * Astro's image endpoint (/_image) keeps nothing: each request for a picture of a page rendered on
 * demand (Past Webinars' and Monthly Activities' cards, the event pages) decodes, resizes and
 * encodes it again with sharp, 20 to 30 ms of the server's time for one 640-pixel WebP, where a
 * built file takes 1 ms. Its answers depend only on the address (the picture is a file of the
 * build, which does not change while a server runs it), so each successful one is kept in memory
 * and sent again from there: the same status, headers and bytes.
 *
 * Bounded whatever clients ask: answers are kept by their query, within `maxBytes` counting bodies,
 * headers and keys (the least recently used go first); an answer over a tenth of that is not kept;
 * only 200s with an image are kept (a refusal or a failure is made again). Concurrent requests for
 * the same picture share one transformation.
 */
import { LRUCache } from 'lru-cache';

/** An answer as read once: sent again by making a new Response of it. */
interface ImageAnswer {
  status: number;
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
}

type ImageHandler<Context> = (context: Context & { request: Request }) => Response | Promise<Response>;

export interface KeptImageOptions {
  /** The most the kept answers may take together (default 32 MiB). */
  maxBytes?: number;
}

const sizeOf = (answer: ImageAnswer, key: string) =>
  answer.body.byteLength +
  key.length +
  answer.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);

/** `transform` (Astro's GET for /_image), with its answers kept. */
export function keepImageAnswers<Context>(
  transform: ImageHandler<Context>,
  { maxBytes = 32 * 1024 * 1024 }: KeptImageOptions = {},
): ImageHandler<Context> {
  const kept = new LRUCache<string, ImageAnswer>({
    maxSize: maxBytes,
    maxEntrySize: Math.floor(maxBytes / 10),
    sizeCalculation: sizeOf,
  });
  const making = new Map<string, Promise<ImageAnswer>>();

  const make = async (context: Context & { request: Request }, key: string): Promise<ImageAnswer> => {
    const response = await transform(context);
    const answer = {
      status: response.status,
      body: new Uint8Array(await response.arrayBuffer()),
      headers: [...response.headers],
    };
    if (answer.status === 200 && response.headers.get('content-type')?.startsWith('image/')) kept.set(key, answer);
    return answer;
  };

  return async (context) => {
    const key = new URL(context.request.url).search;
    let answer = kept.get(key);
    if (!answer) {
      let pending = making.get(key);
      if (!pending) {
        pending = make(context, key).finally(() => making.delete(key));
        making.set(key, pending);
      }
      answer = await pending;
    }
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
}
