/** The Atom feed of webinars and monthly activities (announced in every page's head). */
import type { APIRoute } from 'astro';
import { allHappenings } from '../data/calendar.ts';
import { getSite } from '../data/site.ts';
import { feedText } from '../lib/calendar/atomFeed.ts';
import { feedResponse, sourceFailedResponse } from '../lib/calendar/responses.ts';
import { siteOf } from '../lib/siteUrl.ts';

export const prerender = false;

export const GET: APIRoute = async ({ site }) => {
  const [{ happenings, eventsFailed }, { name, description }] = await Promise.all([
    allHappenings(new Date()),
    getSite(),
  ]);
  if (eventsFailed) return sourceFailedResponse();
  return feedResponse(feedText(happenings, { site: siteOf(site), title: name, description }));
};
