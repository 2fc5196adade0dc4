/** The site-wide facts of content/site.yaml: names, contact, head office, links, places. */
import { getEntry } from 'astro:content';

export async function getSite() {
  const entry = await getEntry('site', 'site');
  if (!entry) throw new Error('content/site.yaml is missing: the site needs its name, contact and links');
  return entry.data;
}
