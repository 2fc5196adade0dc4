/**
 * The two ways a contact message arrives over HTTP:
 * - POST /api/contact with JSON, from the form's island: answers JSON;
 * - POST /Contact-Us with an ordinary form body, when JavaScript is off: the page renders the
 *   outcome (src/pages/Contact-Us.astro), reading the body with readContactFormPost.
 * Both hand the fields to ContactService.receive, which knows nothing of HTTP.
 */
import { NOT_SENT_MESSAGE } from '../../lib/contactForm.ts';
import { jsonAnswer, mediaTypeOf, refuseUnlessPost } from '../http/jsonAnswer.ts';
import { BodyTooLargeError, readLimitedBody } from '../http/readBody.ts';
import type { ContactService } from './ContactService.ts';

/** Far more than the longest message the fields allow, even with every character escaped. */
export const MAX_CONTACT_BODY_BYTES = 64 * 1024;

function mediaType(request: Request): string {
  return mediaTypeOf(request.headers.get('content-type'));
}

export async function handleContactApi(
  request: Request,
  service: () => ContactService | Promise<ContactService>,
  clientAddress: string,
): Promise<Response> {
  const refused = refuseUnlessPost(request);
  if (refused) return refused;
  if (mediaType(request) !== 'application/json') {
    return jsonAnswer(415, { error: 'Send the message as JSON (Content-Type: application/json)' });
  }
  let text: string;
  try {
    text = await readLimitedBody(request, MAX_CONTACT_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return jsonAnswer(413, { error: `The message is too large (more than ${MAX_CONTACT_BODY_BYTES} bytes)` });
    }
    return jsonAnswer(400, { error: 'The request body could not be read' });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return jsonAnswer(400, { error: 'The request body is not valid JSON' });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return jsonAnswer(400, { error: 'The request body must be a JSON object with name, email, phone and message' });
  }

  try {
    const outcome = (await service()).receive(body, clientAddress);
    switch (outcome.kind) {
      case 'received':
        return jsonAnswer(200, { ok: true, formToken: outcome.formToken });
      case 'invalid':
        return jsonAnswer(400, { error: outcome.error, fields: outcome.fields, formToken: outcome.formToken });
      case 'rate-limited':
        return jsonAnswer(429, { error: outcome.error }, { 'Retry-After': String(outcome.retryAfterSeconds) });
    }
  } catch (error) {
    console.error('Contact message not stored:', error instanceof Error ? error.message : error);
    return jsonAnswer(503, { error: NOT_SENT_MESSAGE });
  }
}

export type FormPost = { ok: true; fields: Record<string, string> } | { ok: false; status: number; error: string };

/** The fields of a plain form post (urlencoded or multipart), refusing oversized bodies. */
export async function readContactFormPost(request: Request): Promise<FormPost> {
  const type = mediaType(request);
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
    return { ok: false, status: 415, error: 'The form could not be read. Please reload the page and try again.' };
  }
  let text: string;
  try {
    text = await readLimitedBody(request, MAX_CONTACT_BODY_BYTES);
  } catch (error) {
    const tooLarge = error instanceof BodyTooLargeError;
    return {
      ok: false,
      status: tooLarge ? 413 : 400,
      error: tooLarge ? 'The message is too long to send. Please shorten it.' : 'The form could not be read.',
    };
  }
  try {
    const form = await new Response(text, {
      headers: { 'Content-Type': request.headers.get('content-type') ?? type },
    }).formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === 'string' && !(name in fields)) fields[name] = value;
    return { ok: true, fields };
  } catch {
    return { ok: false, status: 400, error: 'The form could not be read. Please reload the page and try again.' };
  }
}
