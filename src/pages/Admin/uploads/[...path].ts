/**
 * GET /Admin/uploads/...: the event photos, from the events source in use (the files under
 * DATA_DIR/uploads, or the society's backend); `?w=480` or `?w=960` for a smaller WebP kept
 * in the photo cache under DATA_DIR/cache/photos. See src/server/uploads.ts. A draft's photos
 * answer 404 unless the request is signed in to the admin (src/server/photoAudience.ts).
 */
import type { APIRoute } from 'astro';
import { SESSION_COOKIE } from '../../../server/admin/sessions.ts';
import { photoAudience } from '../../../server/photoAudience.ts';
import { getServices } from '../../../server/services.ts';
import { serveUpload } from '../../../server/uploads.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request, params, cookies }) => {
  const { events, photoCache, admin } = await getServices();
  const signedIn = () => admin?.sessions.validate(cookies.get(SESSION_COOKIE)?.value) !== undefined;
  return serveUpload(request, events, params.path ?? '', {
    cache: photoCache,
    audience: photoAudience(events, signedIn),
  });
};
