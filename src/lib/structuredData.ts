/**
 * The schema.org data search engines read from a page (JSON-LD, in BaseLayout's head): the
 * society on the home page, an event on its photo page. Every URL in it is absolute and names the
 * site's public address (SITE_URL, through absoluteUrl), never the request's Host.
 */
import type { z } from 'zod';
import type { createSchemas } from './content/schemas.ts';
import type { EventImageRecord, EventRecord } from './events/eventRecords.ts';
import { absoluteUrl } from './siteUrl.ts';

type Site = z.infer<ReturnType<typeof createSchemas<z.ZodString>>['site']>;

/** One schema.org item, without its "@context" (jsonLdText adds it). */
export type StructuredData = Record<string, unknown>;

/** The society (content/site.yaml): its names, address on the web, contact and social profiles. */
export function organizationData(
  site: Pick<Site, 'name' | 'chapterName' | 'product' | 'contact' | 'social'>,
  siteUrl: URL | undefined,
): StructuredData {
  return {
    '@type': 'Organization',
    name: `${site.name}, ${site.chapterName}`,
    alternateName: site.product,
    url: absoluteUrl('/', siteUrl),
    email: site.contact.email,
    telephone: site.contact.phone,
    parentOrganization: { '@type': 'Organization', name: site.name },
    sameAs: site.social.map((social) => social.url).filter((url) => url.startsWith('https://')),
  };
}

/**
 * An event of the Monthly Activities, held at `place` in Tamil Nadu: its start date when the
 * record's date begins yyyy-mm-dd, its first photo as the image.
 */
export function eventData(
  event: EventRecord,
  photos: readonly EventImageRecord[],
  place: string,
  siteUrl: URL | undefined,
): StructuredData {
  return {
    '@type': 'Event',
    name: event.events_title,
    ...(event.events_sub_title ? { description: event.events_sub_title } : {}),
    ...(/^\d{4}-\d{2}-\d{2}/.test(event.events_date) ? { startDate: event.events_date.slice(0, 10) } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    location: {
      '@type': 'Place',
      name: place,
      address: { '@type': 'PostalAddress', addressRegion: 'Tamil Nadu', addressCountry: 'IN' },
    },
    ...(photos[0] ? { image: absoluteUrl(photos[0].event_image, siteUrl) } : {}),
  };
}

/** The text of the page's JSON-LD script: "<" escaped, so that no text in the data can close the script element. */
export function jsonLdText(data: StructuredData): string {
  return JSON.stringify({ '@context': 'https://schema.org', ...data }).replaceAll('<', '\\u003c');
}
