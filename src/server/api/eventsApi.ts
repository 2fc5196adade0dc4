/**
 * The events API of docs/SPEC.md point 7, served by the site itself under /Admin/api/:
 *   POST events_list                       -> 200 {"records": [event, ...]}
 *   POST event_details_list {"eventId": N} -> 200 {"records": [photo, ...]} (unknown id: [])
 * Bad input gets a 400 with a JSON error naming the problem; another method a 405 with
 * `Allow: POST`; a cross-site form post a 403; a failing source a 503. Nothing here throws.
 *
 * One implementation, handed each call by whichever server runs: the Fastify routes of `npm start`
 * (eventsRoutes.ts says why) and, under `astro dev`, an Astro route injected for development only (src/integrations/devEventsApi.ts), through
 * `respondTo` below, which takes and gives the Fetch API's objects.
 */
import { parseId } from '../../lib/parseId.ts';
import type { EventsSource } from '../events/EventsSource.ts';
import { EVENTS_LIST_ENDPOINT } from '../../lib/events/eventsListRequest.ts';
import { JSON_ANSWER_HEADERS, notPost } from '../http/jsonAnswer.ts';
import { isCrossSiteFormPost, CROSS_SITE_FORM_ERROR } from '../http/originCheck.ts';
import { BodyTooLargeError, readLimitedBody } from '../http/readBody.ts';

/** Bodies are tiny ({"eventId": 12}); anything larger is refused unread. */
export const MAX_BODY_BYTES = 8 * 1024;

/** A call to the API, as a server hands it over. */
export interface ApiCall {
  readonly method: string;
  /** The request's headers (by name, in any letter case). */
  readonly headers: { get(name: string): string | null };
  /** The site's public origin (SITE_URL's, never the request's Host: src/lib/siteUrl.ts). */
  readonly publicOrigin: string;
  /** The body as text, refusing more than `maxBytes` (BodyTooLargeError); "" when there is none. */
  text(maxBytes: number): Promise<string>;
}

/** The API's answer: a status, its headers and its body. */
export interface ApiAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiAnswer {
  return { status, headers: { ...JSON_ANSWER_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/** The answer when the source fails. */
const EVENTS_UNAVAILABLE = { error: 'Events are unavailable right now; please try again later' };

function unavailable(error: unknown): ApiAnswer {
  console.error('Events source failed:', error instanceof Error ? error.message : error);
  return json(503, EVENTS_UNAVAILABLE);
}

/** A refusal every call gets alike (another site's form, another method), or undefined. */
function refusalOf(call: ApiCall): ApiAnswer | undefined {
  // What src/middleware.ts asks of every Astro route, asked here for the Fastify routes too.
  if (isCrossSiteFormPost(call, call.publicOrigin)) return json(403, { error: CROSS_SITE_FORM_ERROR });
  if (call.method === 'POST') return undefined;
  const { status, body, headers } = notPost(call.method);
  return json(status, body, headers);
}

/** The body, or why not: too large (413), or broken off (400: the client went away mid-request). */
async function bodyOf(call: ApiCall): Promise<{ text: string } | { refused: ApiAnswer }> {
  try {
    return { text: await call.text(MAX_BODY_BYTES) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return { refused: json(413, { error: `The request body is too large (more than ${MAX_BODY_BYTES} bytes)` }) };
    }
    console.warn('Events API: the request body could not be read:', error instanceof Error ? error.message : error);
    const message = 'The request body could not be read (the connection was interrupted); please try again';
    return { refused: json(400, { error: message }) };
  }
}

async function answerEventsList(call: ApiCall, source: EventsSource): Promise<ApiAnswer> {
  const refused = refusalOf(call);
  if (refused) return refused;
  const read = await bodyOf(call);
  if ('refused' in read) return read.refused;
  try {
    return json(200, { records: await source.listEvents() });
  } catch (error) {
    return unavailable(error);
  }
}

/** The eventId of a details request: a positive whole number (a numeric string such as "12" is accepted). */
function parseEventId(body: unknown): { eventId: number } | { error: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { error: 'The request body must be a JSON object such as {"eventId": 12}' };
  }
  if (!('eventId' in body) || body.eventId === undefined || body.eventId === null) {
    return { error: 'eventId is missing; send {"eventId": 12}' };
  }
  const raw = body.eventId;
  const eventId = parseId(typeof raw === 'string' ? raw.trim() : raw);
  return eventId === undefined ? { error: 'eventId must be a positive whole number' } : { eventId };
}

async function answerEventDetails(call: ApiCall, source: EventsSource): Promise<ApiAnswer> {
  const refused = refusalOf(call);
  if (refused) return refused;
  const read = await bodyOf(call);
  if ('refused' in read) return read.refused;
  let body: unknown;
  try {
    body = JSON.parse(read.text);
  } catch {
    return json(400, { error: 'The request body is not valid JSON; send {"eventId": 12}' });
  }
  const parsed = parseEventId(body);
  if ('error' in parsed) return json(400, { error: parsed.error });
  try {
    return json(200, { records: await source.eventDetails(parsed.eventId) });
  } catch (error) {
    return unavailable(error);
  }
}

/** The API's paths, each with its answer. */
export const EVENTS_API = {
  [EVENTS_LIST_ENDPOINT]: answerEventsList,
  '/Admin/api/event_details_list': answerEventDetails,
} as const;

/** A Fetch API request to the site at `publicOrigin` as a call. */
function callOf(request: Request, publicOrigin: string): ApiCall {
  return {
    method: request.method,
    headers: request.headers,
    publicOrigin,
    text: (max) => readLimitedBody(request, max),
  };
}

/** `request` to the site at `publicOrigin` answered by `answer`, as a Fetch API Response. */
export async function respondTo(
  request: Request,
  answer: (call: ApiCall, source: EventsSource) => Promise<ApiAnswer>,
  source: EventsSource,
  publicOrigin: string,
): Promise<Response> {
  const { status, headers, body } = await answer(callOf(request, publicOrigin), source);
  return new Response(body, { status, headers });
}
