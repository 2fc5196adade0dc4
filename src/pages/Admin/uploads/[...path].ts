/** GET /Admin/uploads/...: the event photos stored under DATA_DIR/uploads (see src/server/uploads.ts). */
import type { APIRoute } from 'astro';
import { resolveDataDir } from '../../../server/database.ts';
import { serveUpload } from '../../../server/uploads.ts';

export const prerender = false;

export const ALL: APIRoute = ({ request, params }) => serveUpload(request, resolveDataDir(), params.path ?? '');
