/**
 * Search records for what the site search finds but no prerendered page holds whole: every
 * webinar (the Past Webinars page shows one year at a time, and a webinar's own page is its
 * recording) and the Contact Us page (rendered on demand, for its form). The build adds them to
 * the Pagefind index beside the pages (src/integrations/searchIndex.ts); the people and the
 * milestones come from the pages themselves (their data-pagefind-* attributes).
 */
import type { z } from 'zod';
import type { createSchemas } from '../content/schemas.ts';

type Schemas = ReturnType<typeof createSchemas<z.ZodString>>;
type Webinar = z.infer<Schemas['webinar']>;
type HeadOffice = z.infer<Schemas['site']>['headOffice'];

/** A record as Pagefind's addCustomRecord takes it. */
export interface SearchRecord {
  url: string;
  content: string;
  language: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

/** The sections results are grouped in (the `section` filter of every record and page). */
type SearchSection = 'People' | 'Webinars' | 'History' | 'Contact';

/** A webinar: its title, host and date; the result opens its recording. */
export function webinarRecord(webinar: Pick<Webinar, 'title' | 'host' | 'date' | 'videoUrl'>): SearchRecord {
  const section: SearchSection = 'Webinars';
  return {
    url: webinar.videoUrl,
    content: `Webinar: ${webinar.title}. ${webinar.host}. ${webinar.date}.`,
    language: 'en',
    meta: { title: webinar.title, date: webinar.date, host: webinar.host },
    filters: { section: [section] },
  };
}

/** The Contact Us page: the head office's name, address, phone and e-mail, and the form. */
export function contactRecord(headOffice: HeadOffice, url: string): SearchRecord {
  const section: SearchSection = 'Contact';
  const address = headOffice.addressLines.join(', ');
  return {
    url,
    content:
      `Contact Us. ${headOffice.title}: ${headOffice.name}, ${address}. ` +
      `Phone ${headOffice.phone}. E-mail ${headOffice.email}. Send us a message with the contact form.`,
    language: 'en',
    meta: { title: 'Contact Us' },
    filters: { section: [section] },
  };
}
