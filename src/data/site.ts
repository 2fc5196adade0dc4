/** Queries for the single-entry collections: site-wide facts, the home page and the privacy notice. */
import { getEntry } from 'astro:content';

export async function getSite() {
  const entry = await getEntry('site', 'site');
  if (!entry) throw new Error('content/site.yaml is missing: the site needs its name, contact and links');
  return entry.data;
}

export async function getHome() {
  const entry = await getEntry('home', 'home');
  if (!entry) throw new Error('content/home.yaml is missing: the home page needs its sections');
  return entry.data;
}

/** Replaces "{product}" in a heading with the site's short name, as the original headings do. */
export function withProduct(template: string, product: string): string {
  return template.replaceAll('{product}', product);
}

export async function getPrivacyNotice() {
  const entry = await getEntry('privacy', 'privacy');
  if (!entry) throw new Error('content/privacy.yaml is missing: the contact form needs its privacy notice');
  return entry.data;
}
