/**
 * The two ways a contact message arrives over HTTP:
 * - POST /api/contact with JSON, from the form's island: answers JSON (handleContactApi);
 * - POST /Contact-Us with an ordinary form body, when JavaScript is off: the page renders the
 *   outcome (src/pages/Contact-Us.astro, with contactFormPage).
 * Both hand the fields to ContactService.receive, which knows nothing of HTTP, and answer its
 * outcome with the same status, headers and words (contactAnswer).
 */
import {
  EMPTY_CONTACT_FORM,
  NOT_SENT_MESSAGE,
  contactFormValues,
  type ContactField,
  type ContactFormValues,
} from '../../lib/contactForm.ts';
import { jsonAnswer, mediaTypeOf, refuseUnlessPost } from '../endpoints/jsonAnswer.ts';
import { BodyTooLargeError, readLimitedBody } from '../endpoints/readBody.ts';
import type { ContactOutcome, ContactService } from './ContactService.ts';

type ServiceGetter = () => ContactService | Promise<ContactService>;

/** What an outcome answers: its status and headers, and the JSON body the island reads. */
interface ContactAnswer {
  status: number;
  headers: Record<string, string>;
  body: { ok: true; formToken: string } | { error: string; fields?: ContactField[]; formToken?: string };
}

function contactAnswer(outcome: ContactOutcome): ContactAnswer {
  switch (outcome.kind) {
    case 'received':
      return { status: 200, headers: {}, body: { ok: true, formToken: outcome.formToken } };
    case 'invalid':
      return {
        status: 400,
        headers: {},
        body: { error: outcome.error, fields: outcome.fields, formToken: outcome.formToken },
      };
    case 'already-sent':
      return { status: 409, headers: {}, body: { error: outcome.error, fields: [], formToken: outcome.formToken } };
    case 'rate-limited':
      return {
        status: 429,
        headers: { 'Retry-After': String(outcome.retryAfterSeconds) },
        body: { error: outcome.error },
      };
  }
}

/** The service could not take the message (its store failed): the visitor keeps the text and tries later. */
function notSent(error: unknown): ContactAnswer {
  console.error('Contact message not stored:', error instanceof Error ? error.message : error);
  return { status: 503, headers: {}, body: { error: NOT_SENT_MESSAGE } };
}

async function receive(service: ServiceGetter, fields: unknown, clientAddress: string): Promise<ContactAnswer> {
  try {
    return contactAnswer((await service()).receive(fields, clientAddress));
  } catch (error) {
    return notSent(error);
  }
}

/** Far more than the longest message the fields allow, even with every character escaped. */
export const MAX_CONTACT_BODY_BYTES = 64 * 1024;

function mediaType(request: Request): string {
  return mediaTypeOf(request.headers.get('content-type'));
}

export async function handleContactApi(
  request: Request,
  service: ServiceGetter,
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

  const { status, body: answer, headers } = await receive(service, body, clientAddress);
  return jsonAnswer(status, answer, headers);
}

type FormPost = { ok: true; fields: Record<string, string> } | { ok: false; status: number; error: string };

/** The fields of a plain form post (urlencoded or multipart), refusing oversized bodies. */
async function readContactFormPost(request: Request): Promise<FormPost> {
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
    // The first value of each name; a Map, as the names are the visitor's (`constructor`, `__proto__`).
    const fields = new Map<string, string>();
    for (const [name, value] of form) if (typeof value === 'string' && !fields.has(name)) fields.set(name, value);
    return { ok: true, fields: Object.fromEntries(fields) };
  } catch {
    return { ok: false, status: 400, error: 'The form could not be read. Please reload the page and try again.' };
  }
}

/** What the Contact Us page shows in its form, and answers with. */
export interface ContactPageState {
  status: number;
  headers: Record<string, string>;
  formToken: string;
  values: ContactFormValues;
  error: string;
  invalid: ContactField[];
  received: boolean;
}

/**
 * The Contact Us page's form for a GET (a fresh form) or a POST sent without JavaScript: the
 * message taken (an empty form to write another), or the text kept with what to correct.
 */
export async function contactFormPage(
  request: Request,
  service: ServiceGetter,
  clientAddress: string,
): Promise<ContactPageState> {
  const isPost = request.method === 'POST';
  const state: ContactPageState = {
    status: 200,
    headers: {},
    formToken: '',
    values: EMPTY_CONTACT_FORM,
    error: '',
    invalid: [],
    received: false,
  };
  try {
    // Only a page load's token counts from the page load; after a post, the answer's token counts from now.
    state.formToken = (await service()).issueToken(isPost ? 'answer' : 'page');
  } catch (error) {
    console.error('Contact form:', error instanceof Error ? error.message : error);
    return { ...state, status: isPost ? 503 : 200, error: NOT_SENT_MESSAGE };
  }
  if (!isPost) return state;

  const post = await readContactFormPost(request);
  if (!post.ok) return { ...state, status: post.status, error: post.error };
  const values = contactFormValues(post.fields);
  const { status, headers, body } = await receive(service, { ...post.fields, ...values }, clientAddress);
  if ('ok' in body) return { ...state, formToken: body.formToken, received: true };
  return {
    ...state,
    status,
    headers,
    values,
    error: body.error,
    invalid: body.fields ?? [],
    formToken: body.formToken ?? state.formToken,
  };
}
