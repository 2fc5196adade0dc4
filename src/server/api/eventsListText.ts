/**
 * The body of `POST /Admin/api/events_list`, the API's busiest answer, kept as text until the
 * events change (the source's list version), so the endpoint does not list and serialise the
 * events again for every call. One per events source.
 */
import type { EventsSource } from '../events/EventsSource.ts';

export class EventsListText {
  readonly #source: EventsSource;
  #kept: { version: string; text: string } | undefined;

  constructor(source: EventsSource) {
    this.#source = source;
  }

  /** `{"records": [...]}` of the current events; throws when the source cannot list them. */
  async current(): Promise<string> {
    // The version is read before the list: a change in between only makes the next call rebuild.
    const version = this.#source.listVersion();
    if (version !== undefined && this.#kept?.version === version) return this.#kept.text;
    const text = JSON.stringify({ records: await this.#source.listEvents() });
    this.#kept = version === undefined ? undefined : { version, text };
    return text;
  }
}

const kept = new WeakMap<EventsSource, EventsListText>();

/** The kept events_list body of `source`. */
export function eventsListText(source: EventsSource): EventsListText {
  let list = kept.get(source);
  if (!list) kept.set(source, (list = new EventsListText(source)));
  return list;
}
