/**
 * Where events come from. Pages, the API and islands use only this interface, so they never
 * know whether the embedded store or the society's backend is behind it.
 */
import type { EventImageRecord, EventRecord } from '../../lib/events/eventRecords.ts';

/** One event photo, as the site serves it under /Admin/uploads/. */
export interface EventPhoto {
  bytes: Uint8Array<ArrayBuffer>;
  /** An image content type ("image/jpeg"). */
  contentType: string;
  /** Changes whenever the photo does: the ETag, and the key of its resized versions. */
  version: string;
  lastModified?: Date;
}

export interface EventsSource {
  /** Every event, newest first. */
  listEvents(): Promise<EventRecord[]>;
  /** The photos of one event, in order; an unknown event has none. */
  eventDetails(eventId: number): Promise<EventImageRecord[]>;
  /**
   * The photo a record names at /Admin/uploads/<relativePath> ("events/3/1.jpg", already
   * checked by `checkUploadPath`), or undefined when there is none. Throws
   * PhotoUnavailableError when it cannot be had just now.
   */
  openPhoto(relativePath: string): Promise<EventPhoto | undefined>;
  /**
   * Whether the photo at /Admin/uploads/<relativePath> may be shown to the public: a source with
   * drafts (the embedded store) says so only for a published event's photos; a source without
   * drafts (the society's backend) leaves it out, and all its photos are public.
   */
  isPublicPhoto?(relativePath: string): boolean;
  /**
   * Whether event `eventId` was deleted (its page then says it was removed rather than not found);
   * a source that cannot tell leaves it out.
   */
  wasRemoved?(eventId: number): boolean;
  /** Whether the source can answer now. */
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

/** The source cannot answer and has no earlier answer to fall back on. */
export class EventsUnavailableError extends Error {
  override name = 'EventsUnavailableError';
}

/** A photo exists perhaps, but cannot be had now: the backend failed, or was too slow (`timedOut`). */
export class PhotoUnavailableError extends Error {
  override name = 'PhotoUnavailableError';
  readonly timedOut: boolean;

  constructor(message: string, timedOut = false) {
    super(message);
    this.timedOut = timedOut;
  }
}
