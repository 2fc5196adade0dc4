import { describe, expect, it } from 'vitest';
import { eventData, jsonLdText, organizationData } from '../../src/lib/structuredData.ts';

const SITE = new URL('https://isa.example.org/');

const society = {
  name: 'Example Society',
  chapterName: 'Example Branch',
  product: 'ES',
  contact: { email: 'office@example.org', phone: '+91 00000 00000' },
  social: [
    { label: 'YouTube', url: 'https://www.youtube.com/@example', icon: 'youtube' as const },
    { label: 'Old page', url: 'http://example.org/old', icon: 'facebook' as const },
    { label: 'Contact', url: '/Contact-Us', icon: 'x' as const },
  ],
};

const event = {
  events_id: 3,
  events_title: 'Madurai - Airway workshop',
  events_sub_title: 'Hands-on',
  events_image: '/Admin/uploads/events/3/1.jpg',
  events_date: '2024-03-15T00:00:00',
};

describe('organizationData', () => {
  it('names the society and its site from SITE_URL, with only https profiles', () => {
    expect(organizationData(society, SITE)).toEqual({
      '@type': 'Organization',
      name: 'Example Society, Example Branch',
      alternateName: 'ES',
      url: 'https://isa.example.org/',
      email: 'office@example.org',
      telephone: '+91 00000 00000',
      parentOrganization: { '@type': 'Organization', name: 'Example Society' },
      sameAs: ['https://www.youtube.com/@example'],
    });
  });

  it('needs the site address', () => {
    expect(() => organizationData(society, undefined)).toThrow(/no public address/);
  });
});

describe('eventData', () => {
  it.each([
    ['an ISO date gives the start date', event, { startDate: '2024-03-15', description: 'Hands-on' }],
    ['another date gives none', { ...event, events_date: '15 March 2024' }, { description: 'Hands-on' }],
    ['no sub-title gives no description', { ...event, events_sub_title: '' }, { startDate: '2024-03-15' }],
  ])('%s', (_, record, optional) => {
    const data = eventData(
      record,
      [{ event_image: '/Admin/uploads/events/3/1.jpg', img_description: '' }],
      'Madurai',
      SITE,
    );
    expect(data).toEqual({
      '@type': 'Event',
      name: 'Madurai - Airway workshop',
      ...optional,
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'Place',
        name: 'Madurai',
        address: { '@type': 'PostalAddress', addressRegion: 'Tamil Nadu', addressCountry: 'IN' },
      },
      image: 'https://isa.example.org/Admin/uploads/events/3/1.jpg',
    });
  });

  it('has no image without photos, and keeps a photo on another host as it is', () => {
    expect(eventData(event, [], 'Madurai', SITE)).not.toHaveProperty('image');
    const elsewhere = [{ event_image: 'https://cdn.example.org/1.jpg', img_description: '' }];
    expect(eventData(event, elsewhere, 'Madurai', SITE)['image']).toBe('https://cdn.example.org/1.jpg');
  });
});

describe('jsonLdText', () => {
  it('adds the context and escapes "<" so no text can close the script element', () => {
    const text = jsonLdText({ '@type': 'Event', name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: '</script><script>alert(1)</script>',
    });
  });
});
