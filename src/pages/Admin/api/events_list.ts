/** POST /Admin/api/events_list: every event (see src/server/api/eventsApi.ts). */
import type { APIRoute } from 'astro';
import { handleEventsList } from '../../../server/api/eventsApi.ts';
import { getServices } from '../../../server/services.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request }) => handleEventsList(request, (await getServices()).events);
