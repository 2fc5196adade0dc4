/** POST /api/contact: a message from the contact form's island (see src/server/contact/contactHttp.ts). */
import type { APIRoute } from 'astro';
import { handleContactApi } from '../../server/contact/contactHttp.ts';
import { getServices } from '../../server/services.ts';

export const prerender = false;

export const ALL: APIRoute = ({ request, clientAddress }) =>
  handleContactApi(request, async () => (await getServices()).contact, clientAddress);
