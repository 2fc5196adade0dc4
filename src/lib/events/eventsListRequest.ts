/** The POST to the events list endpoint, as the Monthly Activities filter sends it. */

/** Where the events list is asked for (src/server/api/eventsApi.ts). */
export const EVENTS_LIST_ENDPOINT = '/Admin/api/events_list';

/** Asks for every event: a POST without a body, as the events contract (docs/SPEC.md point 7) has it. */
export function eventsListResponse(endpoint: string, signal?: AbortSignal): Promise<Response> {
  return fetch(endpoint, { method: 'POST', headers: { Accept: 'application/json' }, signal });
}
