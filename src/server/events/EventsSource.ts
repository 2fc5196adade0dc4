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
  /**
   * A token that changes whenever listEvents() may answer differently, cheap to ask for, so an
   * answer made from the list can be cached until it changes; undefined when the source cannot
   * tell without asking (then nothing is cached).
   */
  listVersion(): string | undefined;
  /**
   * For a source whose listVersion() takes a lock on a shared file (the embedded store): a count
   * that grows with every change this process makes to it, read without one. A cached answer then
   * asks for the list version at once after this process's own changes (the admin's saves), and
   * otherwise at most once a second (eventsListText.ts).
   */
  changesHere?(): number;
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
