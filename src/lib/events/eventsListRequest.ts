/**
 * The POST to the events list endpoint that the Monthly Activities list starts with. The page
 * starts it from a small script as soon as its HTML is parsed, so the events are on their way
 * while React and the island load (the island's first picture is the page's largest paint); the
 * island then takes that request instead of making its own. Retries make new requests.
 */
/** Where the events list is asked for (src/pages/Admin/api/events_list.ts). */
export const EVENTS_LIST_ENDPOINT = '/Admin/api/events_list';

const started = new Map<string, Promise<Response>>();

function post(endpoint: string, signal?: AbortSignal): Promise<Response> {
  return fetch(endpoint, { method: 'POST', headers: { Accept: 'application/json' }, signal });
}

/** Starts the request now, once per endpoint, for the island to take later. */
export function startEventsListRequest(endpoint: string): void {
  if (!started.has(endpoint)) started.set(endpoint, post(endpoint));
}

/** The request started early, if it has not been taken yet; otherwise a new one. */
export function eventsListResponse(endpoint: string, signal?: AbortSignal): Promise<Response> {
  const early = started.get(endpoint);
  started.delete(endpoint);
  return early ?? post(endpoint, signal);
}
