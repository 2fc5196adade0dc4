/**
 * robots.txt: everything may be crawled except the admin and the API under /Admin and the
 * content editor (/keystatic and its API); the event photos under /Admin/uploads/ stay open
 * (event pages show them). Names the sitemap.
 */
import type { APIRoute } from 'astro';
import { absoluteUrl } from '../lib/siteUrl.ts';

export const GET: APIRoute = ({ site }) => {
  const lines = [
    'User-agent: *',
    'Allow: /Admin/uploads/',
    'Disallow: /Admin',
    'Disallow: /keystatic',
    'Disallow: /api/keystatic',
    'Allow: /',
  ];
  lines.push('', `Sitemap: ${absoluteUrl('/sitemap.xml', site)}`);
  return new Response(`${lines.join('\n')}\n`, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
