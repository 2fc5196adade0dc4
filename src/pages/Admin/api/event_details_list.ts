/** POST /Admin/api/event_details_list with {"eventId": N}: one event's photos (see src/server/api/eventsApi.ts). */
import type { APIRoute } from 'astro';
import { handleEventDetails } from '../../../server/api/eventsApi.ts';
import { getEventsSource } from '../../../server/events/index.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request }) => handleEventDetails(request, await getEventsSource());
