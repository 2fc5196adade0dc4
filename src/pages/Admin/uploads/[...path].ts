/**
 * GET /Admin/uploads/...: the event photos, from the events source in use (the files under
 * DATA_DIR/uploads, or the society's backend); `?w=480` or `?w=960` for a smaller WebP kept
 * in the photo cache under DATA_DIR/cache/photos. See src/server/uploads.ts.
 */
import type { APIRoute } from 'astro';
import { getServices } from '../../../server/services.ts';
import { serveUpload } from '../../../server/uploads.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request, params }) => {
  const { events, photoCache } = await getServices();
  return serveUpload(request, events, params.path ?? '', { cache: photoCache });
};
