/** POST /Admin/edit/events/<id>/photos/<photoId>: removes a photo (see src/server/admin/photoEndpoints.ts). */
import type { APIRoute } from 'astro';
import { signedInEditor } from '../../../../../../server/admin/adminGuard.ts';
import { parseId } from '../../../../../../lib/parseId.ts';
import { handleRemovePhoto } from '../../../../../../server/admin/photoEndpoints.ts';

export const prerender = false;

export const ALL: APIRoute = ({ request, locals, params }) =>
  handleRemovePhoto(request, signedInEditor(locals), parseId(params.id), parseId(params.photoId));
