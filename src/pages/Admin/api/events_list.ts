/** POST /Admin/api/events_list: every event (see src/server/api/eventsApi.ts). */
import type { APIRoute } from 'astro';
import { handleEventsList } from '../../../server/api/eventsApi.ts';
import { getEventsSource } from '../../../server/events/index.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request }) => handleEventsList(request, await getEventsSource());
