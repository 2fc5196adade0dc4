/** POST /Admin/edit/events/<id>/photos: one photo (see src/server/admin/photoEndpoints.ts). */
import type { APIRoute } from 'astro';
import { signedInEditor } from '../../../../../../server/admin/adminGuard.ts';
import { parseId } from '../../../../../../lib/parseId.ts';
import { handleAddPhoto } from '../../../../../../server/admin/photoEndpoints.ts';

export const prerender = false;

export const ALL: APIRoute = ({ request, locals, params }) =>
  handleAddPhoto(request, signedInEditor(locals), parseId(params.id));
