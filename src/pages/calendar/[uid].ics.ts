/** "Add to calendar": one upcoming or past webinar or event as its own calendar file. */
import type { APIRoute } from 'astro';
import { allHappenings } from '../../data/calendar.ts';
import { getSite } from '../../data/site.ts';
import { calendarName, calendarText } from '../../lib/calendar/icsCalendar.ts';
import { calendarResponse, sourceFailedResponse } from '../../lib/calendar/responses.ts';
import { siteOf } from '../../lib/siteUrl.ts';

export const prerender = false;

export const GET: APIRoute = async ({ params, site }) => {
  const uid = params['uid'] ?? '';
  const now = new Date();
  const [{ happenings, eventsFailed }, { product }] = await Promise.all([allHappenings(now), getSite()]);
  const happening = happenings.find((candidate) => candidate.uid === uid);
  if (!happening) return eventsFailed ? sourceFailedResponse() : new Response(null, { status: 404 });
  return calendarResponse(
    calendarText([happening], { site: siteOf(site), name: calendarName(product), now }),
    `${uid}.ics`,
  );
};
