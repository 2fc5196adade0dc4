/**
 * GET /Admin/uploads/...: the event photos, from the events source in use (the files under
 * DATA_DIR/uploads, or the society's backend). See src/server/uploads.ts.
 */
import type { APIRoute } from 'astro';
import { getEventsSource } from '../../../server/events/index.ts';
import { serveUpload } from '../../../server/uploads.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request, params }) =>
  serveUpload(request, await getEventsSource(), params.path ?? '');
