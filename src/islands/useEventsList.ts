/**
 * The whole events list, fetched from the events API the first time the visitor uses the
 * Monthly Activities filter (the page arrives with the cards of its selection already rendered,
 * so nothing is fetched on a plain visit). A failure is logged to the console (docs/SPEC.md point 8)
 * and reported, and can be tried again.
 */
import { useCallback, useRef, useState } from 'react';
import type { EventRecord } from '../lib/events/eventRecords.ts';
import { eventsListResponse } from '../lib/events/eventsListRequest.ts';

type EventsListLoad =
  { state: 'idle' } | { state: 'loading' } | { state: 'ready'; events: EventRecord[] } | { state: 'failed' };

async function fetchEvents(endpoint: string): Promise<EventsListLoad> {
  try {
    const response = await eventsListResponse(endpoint);
    if (!response.ok) throw new Error(`events_list answered ${response.status}`);
    const answer: unknown = await response.json();
    // The answer's checks (zod) load with the first answer, not with the page.
    const { normalizeEvents } = await import('../lib/events/eventRecords.ts');
    return { state: 'ready', events: normalizeEvents(answer) };
  } catch (error) {
    console.error('Could not load the events:', error);
    return { state: 'failed' };
  }
}

export interface EventsList {
  load: EventsListLoad;
  /** Starts the fetch unless the list is loaded or on its way (a failed one is tried again). */
  ensureLoaded: () => void;
}

export function useEventsList(endpoint: string): EventsList {
  const [load, setLoad] = useState<EventsListLoad>({ state: 'idle' });
  const pending = useRef(false);
  const loaded = load.state === 'ready';

  const ensureLoaded = useCallback(() => {
    if (loaded || pending.current) return;
    pending.current = true;
    setLoad({ state: 'loading' });
    void fetchEvents(endpoint).then((result) => {
      pending.current = false;
      setLoad(result);
    });
  }, [endpoint, loaded]);

  return { load, ensureLoaded };
}
