/**
 * The calendar members subscribe to (webcal:// or https://): every upcoming webinar and event and
 * those of the last year, built at each request from the content and the events source.
 */
import type { APIRoute } from 'astro';
import { allHappenings } from '../data/calendar.ts';
import { getSite } from '../data/site.ts';
import { calendarName, calendarText, subscribedHappenings } from '../lib/calendar/icsCalendar.ts';
import { calendarResponse, sourceFailedResponse } from '../lib/calendar/responses.ts';
import { siteOf } from '../lib/siteUrl.ts';

export const prerender = false;

export const GET: APIRoute = async ({ site }) => {
  const now = new Date();
  const [{ happenings, eventsFailed }, { product }] = await Promise.all([allHappenings(now), getSite()]);
  if (eventsFailed) return sourceFailedResponse();
  return calendarResponse(
    calendarText(subscribedHappenings(happenings, now), { site: siteOf(site), name: calendarName(product), now }),
  );
};
