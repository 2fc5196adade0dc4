/** POST /Admin/api/event_details_list with {"eventId": N}: one event's photos (see src/server/api/eventsApi.ts). */
import type { APIRoute } from 'astro';
import { handleEventDetails } from '../../../server/api/eventsApi.ts';
import { getServices } from '../../../server/services.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request }) => handleEventDetails(request, (await getServices()).events);
