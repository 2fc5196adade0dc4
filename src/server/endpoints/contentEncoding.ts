/**
 * Which encoding an answer is sent in, from the request's Accept-Encoding: for the events list kept ready in several
 * (src/server/api/eventsListText.ts), as negotiated by the `negotiator` package. (The built files' copies are chosen
 * by @fastify/static; src/server/keptAnswers.ts follows its choice.)
 *
 * Browsers send a handful of Accept-Encoding values, and negotiating one again cost a tenth of an events_list call,
 * so the outcome is remembered per value (`rememberedChoice`, also used for the built files' kept answers); any client
 * may send any value, so what is remembered is bounded by what it holds: at most REMEMBERED values of at most
 * REMEMBERED_LENGTH characters (a longer one is negotiated each time), the least recently used forgotten first (a
 * bound on the count alone would let each value be 15 KB).
 */
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';

/** The encodings an answer is kept in, in the server's order of preference, and the original. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** How many Accept-Encoding values are remembered, and the longest remembered. */
export const REMEMBERED = 64;
export const REMEMBERED_LENGTH = 256;

/** `choose`, remembered for the short values clients send again and again (see above). */
export function rememberedChoice<V extends NonNullable<unknown>>(choose: (value: string) => V): (value: string) => V {
  // get and set rather than lru-cache's memo: about 40 against 150 ns, on every request for a built file.
  const remembered = new LRUCache<string, V>({ max: REMEMBERED });
  return (value) => {
    if (value.length > REMEMBERED_LENGTH) return choose(value);
    let choice = remembered.get(value);
    if (choice === undefined) remembered.set(value, (choice = choose(value)));
    return choice;
  };
}

/**
 * The encodings the client accepts, best first: higher quality first, and among equal qualities
 * the server's order of `available` (brotli before gzip before none).
 *
 * negotiator 1 takes that order as its `preferred` option; @types/negotiator still describes
 * 0.6, which had no such option, so the method is called through Reflect.
 */
function acceptedEncodings(acceptEncoding: string | undefined, available: readonly Encoding[]): string[] {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const result: unknown = Reflect.apply(negotiator.encodings, negotiator, [available, { preferred: available }]);
  return Array.isArray(result) ? result.filter((item): item is string => typeof item === 'string') : [];
}

function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding {
  const [best] = acceptedEncodings(acceptEncoding, available);
  return available.find((item) => item === best) ?? 'identity';
}

const chosen = rememberedChoice((acceptEncoding) => chooseEncoding(acceptEncoding, ENCODINGS));

/**
 * The encoding to send among `available`: the one the client prefers ("br;q=0" refuses brotli),
 * brotli on a tie; none ("identity") when the client accepts none of them.
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[] = ENCODINGS,
): Encoding {
  const remembered = available === ENCODINGS && acceptEncoding !== undefined;
  return remembered ? chosen(acceptEncoding) : chooseEncoding(acceptEncoding, available);
}
