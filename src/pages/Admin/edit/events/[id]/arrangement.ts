/** POST /Admin/edit/events/<id>/arrangement: the photos' order, descriptions and cover (src/server/admin/photoArrangement.ts). */
import type { APIRoute } from 'astro';
import { signedInEditor } from '../../../../../server/admin/adminGuard.ts';
import { parseId } from '../../../../../lib/parseId.ts';
import { handleArrangePhotos } from '../../../../../server/admin/photoArrangement.ts';

export const prerender = false;

export const ALL: APIRoute = ({ request, locals, params }) =>
  handleArrangePhotos(request, signedInEditor(locals), parseId(params.id));
