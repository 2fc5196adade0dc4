/**
 * The answer to `POST /Admin/api/events_list`, made once per version of the events list and kept
 * ready in each encoding, so the site server can send it without going through Astro (see
 * createSiteServer's `eventsList` option). The body is exactly the endpoint's
 * (handleEventsList in eventsApi.ts): `{"records": [...]}`; a browser test compares the two.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { EventsSource } from '../events/EventsSource.ts';

/** The same body, uncompressed and compressed. */
export interface PreparedAnswer {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function prepareAnswer(text: string): PreparedAnswer {
  const identity = Buffer.from(text);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** Keeps the prepared events_list answer of `source` until the source's list version changes. */
export class EventsListAnswers {
  readonly #source: EventsSource;
  #kept: { version: string; answer: PreparedAnswer } | undefined;

  constructor(source: EventsSource) {
    this.#source = source;
  }

  /** The current answer; throws when the source cannot list its events. */
  async current(): Promise<PreparedAnswer> {
    // The version is read before the list: a change in between only makes the next call rebuild.
    const version = this.#source.listVersion();
    if (version !== undefined && this.#kept?.version === version) return this.#kept.answer;
    const answer = prepareAnswer(JSON.stringify({ records: await this.#source.listEvents() }));
    this.#kept = version === undefined ? undefined : { version, answer };
    return answer;
  }
}
