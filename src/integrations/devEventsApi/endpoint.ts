/** POST /Admin/api/events_list and event_details_list under `astro dev` only (../devEventsApi.ts). */
import type { APIRoute } from 'astro';
import { EVENTS_API, respondTo } from '../../server/api/eventsApi.ts';
import { getServices } from '../../server/services.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request, url }) => {
  const path = url.pathname.replace(/\/$/, '');
  const answer = Object.entries(EVENTS_API).find(([apiPath]) => apiPath === path)?.[1];
  if (!answer) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const { events, publicOrigin } = await getServices();
  return respondTo(request, answer, events, publicOrigin);
};
