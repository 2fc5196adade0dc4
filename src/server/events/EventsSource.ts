/**
 * Where events come from. Pages, the API and islands use only this interface, so they never
 * know whether the embedded store or the society's backend is behind it.
 */
import type { EventImageRecord, EventRecord } from '../../lib/events/eventRecords.ts';

export interface EventsSource {
  /** Every event, newest first. */
  listEvents(): Promise<EventRecord[]>;
  /** The photos of one event, in order; an unknown event has none. */
  eventDetails(eventId: number): Promise<EventImageRecord[]>;
  /** Whether the source can answer now. */
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

/** The source cannot answer and has no earlier answer to fall back on. */
export class EventsUnavailableError extends Error {
  override name = 'EventsUnavailableError';
}
