/** robots.txt: everything may be crawled except the API; names the sitemap. */
import type { APIRoute } from 'astro';
import { absoluteUrl } from '../lib/siteUrl.ts';

export const GET: APIRoute = ({ site }) => {
  const lines = ['User-agent: *', 'Disallow: /Admin/api/', 'Allow: /'];
  lines.push('', `Sitemap: ${absoluteUrl('/sitemap.xml', site)}`);
  return new Response(`${lines.join('\n')}\n`, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
