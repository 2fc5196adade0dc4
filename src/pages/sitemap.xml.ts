/**
 * sitemap.xml: every fixed page and every event page, built on demand so that new events appear
 * without a rebuild. If the events source cannot answer, the fixed pages are still listed.
 */
import type { APIRoute } from 'astro';
import { escapeXml } from '../lib/escapeXml.ts';
import { FIXED_ROUTES } from '../lib/routes.ts';
import { absoluteUrl } from '../lib/siteUrl.ts';
import { getServices } from '../server/services.ts';

export const prerender = false;

export const GET: APIRoute = async ({ site }) => {
  const paths = [...FIXED_ROUTES];
  try {
    const events = await (await getServices()).events.listEvents();
    paths.push(...events.map((event) => `/Events/${event.events_id}`));
  } catch (error) {
    console.error('sitemap.xml: events left out:', error instanceof Error ? error.message : error);
  }
  const entries = paths.map((path) => `  <url><loc>${escapeXml(absoluteUrl(path, site))}</loc></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
