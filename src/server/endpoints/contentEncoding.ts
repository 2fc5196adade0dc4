/**
 * Which encoding an answer kept ready in several (the events list, src/server/api/eventsListText.ts)
 * is sent in, as negotiated by the `negotiator` package from the request's Accept-Encoding.
 */
import Negotiator from 'negotiator';

/** The encodings an answer is kept in, in the server's order of preference, and the original. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type Encoding = (typeof ENCODINGS)[number];

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

/**
 * The choices made among all ENCODINGS, by Accept-Encoding value: browsers send a handful of
 * values, and negotiating one again cost a tenth of an events_list call. Bounded, as any client
 * may send any value.
 */
const chosen = new Map<string, Encoding>();
const MAX_CHOSEN = 64;

/**
 * The encoding to send among `available`: the one the client prefers ("br;q=0" refuses brotli),
 * brotli on a tie; none ("identity") when the client accepts none of them.
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[] = ENCODINGS,
): Encoding {
  const remembered = available === ENCODINGS && acceptEncoding !== undefined;
  const known = remembered ? chosen.get(acceptEncoding) : undefined;
  if (known) return known;
  const [best] = acceptedEncodings(acceptEncoding, available);
  const encoding = available.find((item) => item === best) ?? 'identity';
  if (remembered && chosen.size < MAX_CHOSEN) chosen.set(acceptEncoding, encoding);
  return encoding;
}
