/**
 * The events API of spec point 7, served by the site itself under /Admin/api/:
 *   POST events_list                       -> 200 {"records": [event, ...]}
 *   POST event_details_list {"eventId": N} -> 200 {"records": [photo, ...]} (unknown id: [])
 * Bad input gets a 400 with a JSON error naming the problem; another method a 405 with
 * `Allow: POST`; a failing source a 503. Nothing here throws.
 */
import { parseId } from '../../lib/parseId.ts';
import type { EventsSource } from '../events/EventsSource.ts';
import { JSON_ANSWER_HEADERS, jsonAnswer, refuseUnlessPost } from '../endpoints/jsonAnswer.ts';
import { eventsListText } from './eventsListText.ts';
import { BodyTooLargeError, readLimitedBody } from '../endpoints/readBody.ts';

/** Bodies are tiny ({"eventId": 12}); anything larger is refused unread. */
export const MAX_BODY_BYTES = 8 * 1024;

function badRequest(error: string): Response {
  return jsonAnswer(400, { error });
}

/** The body of a request as text, or why it could not be had. */
type BodyResult = { text: string } | { refused: Response };

/** The body, or why not: too large (413), or broken off (400: the client went away mid-request). */
async function bodyOf(request: Request): Promise<BodyResult> {
  try {
    return { text: await readLimitedBody(request, MAX_BODY_BYTES) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return {
        refused: jsonAnswer(413, { error: `The request body is too large (more than ${MAX_BODY_BYTES} bytes)` }),
      };
    }
    console.warn('Events API: the request body could not be read:', error instanceof Error ? error.message : error);
    return {
      refused: badRequest('The request body could not be read (the connection was interrupted); please try again'),
    };
  }
}

/** The answer when the source fails (also sent by the site server's ready events_list answer). */
const EVENTS_UNAVAILABLE = { error: 'Events are unavailable right now; please try again later' };

function logSourceFailure(error: unknown) {
  console.error('Events source failed:', error instanceof Error ? error.message : error);
}

async function fromSource<T>(load: () => Promise<T>): Promise<Response> {
  try {
    return jsonAnswer(200, { records: await load() });
  } catch (error) {
    logSourceFailure(error);
    return jsonAnswer(503, EVENTS_UNAVAILABLE);
  }
}

export async function handleEventsList(request: Request, source: EventsSource): Promise<Response> {
  const refused = refuseUnlessPost(request);
  if (refused) return refused;
  const body = await bodyOf(request);
  if ('refused' in body) return body.refused;
  try {
    const { encoding, body } = await eventsListText(source).encoded(request.headers.get('accept-encoding'));
    const headers = { ...JSON_ANSWER_HEADERS, Vary: 'Accept-Encoding' };
    return new Response(new Uint8Array(body), {
      headers: encoding === 'identity' ? headers : { ...headers, 'Content-Encoding': encoding },
    });
  } catch (error) {
    logSourceFailure(error);
    return jsonAnswer(503, EVENTS_UNAVAILABLE);
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

export async function handleEventDetails(request: Request, source: EventsSource): Promise<Response> {
  const refused = refuseUnlessPost(request);
  if (refused) return refused;
  const read = await bodyOf(request);
  if ('refused' in read) return read.refused;
  let body: unknown;
  try {
    body = JSON.parse(read.text);
  } catch {
    return badRequest('The request body is not valid JSON; send {"eventId": 12}');
  }
  const parsed = parseEventId(body);
  if ('error' in parsed) return badRequest(parsed.error);
  return fromSource(() => source.eventDetails(parsed.eventId));
}
