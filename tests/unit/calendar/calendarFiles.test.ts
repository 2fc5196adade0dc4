import { parseFeed } from '@rowanmanning/feed-parser';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { feedText } from '../../../src/lib/calendar/atomFeed.ts';
import { feedResponse } from '../../../src/lib/calendar/responses.ts';
import type { Happening } from '../../../src/lib/calendar/happenings.ts';
import {
  calendarText,
  happeningCalendarPath,
  subscribedHappenings,
  subscriptionUrls,
} from '../../../src/lib/calendar/icsCalendar.ts';

const site = new URL('https://isa.example.org');
const now = new Date('2026-11-26T10:00:00Z');

const timedWebinar: Happening = {
  uid: 'webinar-2027-09-17-hosted-by-tirunelveli-branch',
  kind: 'webinar',
  title: 'Labour analgesia; epidurals, <rescue> & more',
  summary: 'Hosted by Tirunelveli branch',
  day: '2027-09-17',
  time: '19:00',
  joinUrl: 'https://meet.example.org/isa-tn',
  videoUrl: 'https://www.youtube.com/watch?v=SampleWeb23',
  path: '/#coming-up',
  image: '/_astro/webinar-9.abc.jpg',
};
const pastEvent: Happening = {
  uid: 'event-3',
  kind: 'event',
  title: 'Salem - Airway Workshop',
  summary: 'Hands-on difficult airway skills',
  day: '2026-03-14',
  place: 'Salem',
  path: '/Events/3',
  image: '/Admin/uploads/events/3/1.jpg',
};
const oldEvent: Happening = { ...pastEvent, uid: 'event-1', day: '2024-01-10', path: '/Events/1' };

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

describe('the calendar (parsed by ical.js)', () => {
  const text = calendarText(subscribedHappenings([oldEvent, pastEvent, timedWebinar], now), {
    site,
    name: 'ISA TN webinars and activities',
    now,
  });

  it('keeps today’s happenings once over: a webinar that has ended, an event whose report is up', () => {
    const endedToday = { ...timedWebinar, uid: 'ended', day: '2026-11-26', time: '09:00' }; // ended 10 am IST
    const reportToday = { ...pastEvent, uid: 'report', day: '2026-11-26', reported: true };
    const listed = subscribedHappenings([endedToday, reportToday, timedWebinar], now).map((item) => item.uid);
    expect(listed).toEqual([timedWebinar.uid, 'ended', 'report']);
  });

  it('lists the upcoming and the last year’s happenings, not older ones, each with a stable UID', () => {
    const events = parseCalendar(text);
    expect(events.map((event) => event.uid)).toEqual([
      'webinar-2027-09-17-hosted-by-tirunelveli-branch@isa.example.org',
      'event-3@isa.example.org',
    ]);
    const again = calendarText([timedWebinar], { site, name: 'x', now: new Date('2027-01-01T00:00:00Z') });
    expect(parseCalendar(again)[0]?.uid).toBe(events[0]?.uid);
  });

  it('gives a timed webinar its start in India and an hour, its joining link as the place and its page', () => {
    const [webinar] = parseCalendar(text);
    expect(webinar?.summary).toBe(timedWebinar.title);
    expect(webinar?.startDate.toJSDate().toISOString()).toBe('2027-09-17T13:30:00.000Z');
    expect(webinar?.endDate.toJSDate().toISOString()).toBe('2027-09-17T14:30:00.000Z');
    expect(webinar?.startDate.isDate).toBe(false);
    expect(webinar?.location).toBe('https://meet.example.org/isa-tn');
    expect(webinar?.component.getFirstPropertyValue('url')).toBe('https://isa.example.org/#coming-up');
    expect(webinar?.description).toContain('Join: https://meet.example.org/isa-tn');
  });

  it('gives an event without a time the whole day, its place and its page', () => {
    const [, event] = parseCalendar(text);
    expect(event?.startDate.isDate).toBe(true);
    expect(event?.startDate.toString()).toBe('2026-03-14');
    expect(event?.endDate.toString()).toBe('2026-03-15');
    expect(event?.location).toBe('Salem');
    expect(event?.component.getFirstPropertyValue('url')).toBe('https://isa.example.org/Events/3');
  });

  it('names its own addresses from the public address only', () => {
    expect(subscriptionUrls(site)).toEqual({
      https: 'https://isa.example.org/calendar.ics',
      webcal: 'webcal://isa.example.org/calendar.ics',
    });
    expect(happeningCalendarPath(timedWebinar)).toBe('/calendar/webinar-2027-09-17-hosted-by-tirunelveli-branch.ics');
  });
});

describe('the feed (parsed by @rowanmanning/feed-parser)', () => {
  const feed = parseFeed(feedText([oldEvent, timedWebinar, pastEvent], { site, title: 'ISA TN', description: 'News' }));

  it('is an Atom feed with every entry’s title, date, summary, link and image, newest date first', () => {
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('ISA TN');
    expect(feed.items.map((item) => item.id)).toEqual([
      'tag:isa.example.org,2020:webinar-2027-09-17-hosted-by-tirunelveli-branch',
      'tag:isa.example.org,2020:event-3',
      'tag:isa.example.org,2020:event-1',
    ]);
    const [webinar, event] = feed.items;
    expect(webinar?.title).toBe(timedWebinar.title);
    expect(webinar?.published?.toISOString() ?? webinar?.updated?.toISOString()).toBe('2027-09-17T13:30:00.000Z');
    expect(webinar?.url).toBe('https://isa.example.org/#coming-up');
    expect(webinar?.description).toContain('Friday, 17 September 2027, 7:00 pm IST');
    expect(webinar?.media.map((media) => media.url)).toEqual(['https://isa.example.org/_astro/webinar-9.abc.jpg']);
    expect(webinar?.media.map((media) => media.mimeType)).toEqual(['image/jpeg']);
    expect(event?.description).toContain('Salem');
    expect(event?.url).toBe('https://isa.example.org/Events/3');
  });

  it.each([
    ['/Admin/uploads/events/3/1.webp', 'image/webp'],
    ['/Admin/uploads/events/3/1.PNG', 'image/png'],
    ['/_image?href=photo&f=avif', 'image/jpeg'],
  ])('names the type of the photo %s as %s', (image, type) => {
    const [entry] = parseFeed(
      feedText([{ ...pastEvent, image }], { site, title: 'ISA TN', description: 'News' }),
    ).items;
    expect(entry?.media.map((media) => media.mimeType)).toEqual([type]);
  });
});

describe('the feed as a page, for a person who opens it', () => {
  const text = feedText([pastEvent, timedWebinar], { site, title: 'ISA TN & friends', description: 'News' });

  it('names its stylesheet, and says before its entries what it is and how to subscribe', () => {
    expect(text.split('\n').slice(0, 2)).toEqual([
      '<?xml version="1.0" encoding="utf-8"?>',
      '<?xml-stylesheet type="text/css" href="/feed.css"?>',
    ]);
    const introduction = text.indexOf('<div xmlns="http://www.w3.org/1999/xhtml" class="feed-page">');
    expect(introduction).toBeGreaterThan(0);
    expect(introduction).toBeLessThan(text.indexOf('<entry>'));
    const page = text.slice(introduction, text.indexOf('</div>', introduction));
    expect(page).toContain('<h1>News feed</h1>');
    expect(page).toContain('<title>News feed · ISA TN &#38; friends</title>');
    expect(page).toContain('<code class="feed-page__address">https://isa.example.org/feed.xml</code>');
    expect(page).toContain('<a href="webcal://isa.example.org/calendar.ics">Subscribe to the calendar</a>');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
  });

  it('keeps titles plain text, which the page shows as written and readers read as before', () => {
    expect(text).toContain('<title>Labour analgesia; epidurals, &#60;rescue&#62; &#38; more</title>');
    expect(text).not.toContain('CDATA');
    const feed = parseFeed(text);
    expect(feed.title).toBe('ISA TN & friends');
    expect(feed.items.map((item) => item.title)).toEqual([timedWebinar.title, pastEvent.title]);
  });

  it('is served as XML (Chromium shows Atom’s own type as plain text) under a policy allowing its stylesheet', () => {
    const answer = feedResponse(text);
    expect(answer.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(answer.headers.get('Content-Security-Policy')).toBe("default-src 'none'; style-src 'self'");
  });
});

describe('control characters (NUL, BS, ESC ...)', () => {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point here
  const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
  const garbled: Happening = {
    ...pastEvent,
    uid: 'event-4',
    day: '2026-06-14',
    title: 'Salem\u0000 - Airway\u0008 Workshop\u001b',
    summary: 'Hands\u0007 on',
    place: 'Sa\u0000lem',
  };

  it('never reach the feed, whatever a happening or the site brings', () => {
    const text = feedText([garbled], { site, title: 'ISA\u001b TN', description: 'News\u0000' });
    expect(text).not.toMatch(CONTROL);
    const feed = parseFeed(text);
    expect(feed.title).toBe('ISA TN');
    expect(feed.items[0]?.title).toBe('Salem - Airway Workshop');
    expect(feed.items[0]?.description).toContain('Salem. Hands on');
  });

  it('never reach the calendar', () => {
    const text = calendarText([garbled], { site, name: 'ISA\u001b TN', now });
    expect(text).not.toMatch(CONTROL);
    const [event] = parseCalendar(text);
    expect([event?.summary, event?.location]).toEqual(['Salem - Airway Workshop', 'Salem']);
  });
});
