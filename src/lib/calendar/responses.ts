/** The answers of the calendar and feed routes: their types, caching and the source-failure answer. */
import { FEED_POLICY } from './feedPage.ts';

/** Calendar apps and feed readers may keep an answer for a quarter of an hour. */
const CACHE = 'public, max-age=900';

export function calendarResponse(text: string, fileName?: string): Response {
  const headers: Record<string, string> = { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': CACHE };
  if (fileName) headers['Content-Disposition'] = `attachment; filename="${fileName}"`;
  return new Response(text, { headers });
}

/**
 * The feed as XML: feed readers read it as well as with Atom's own type, which Chromium shows as
 * plain text (a screen of raw XML on a phone) where it shows XML with its stylesheet as a page.
 */
export function feedResponse(text: string): Response {
  return new Response(text, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': CACHE,
      'Content-Security-Policy': FEED_POLICY,
    },
  });
}

/**
 * When the events source cannot answer, a subscriber's app keeps what it had rather than losing
 * every event from its calendar: 503 with a time to try again.
 */
export function sourceFailedResponse(): Response {
  return new Response('The events are not available just now. Please try again in a minute.\n', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60', 'Cache-Control': 'no-store' },
  });
}
