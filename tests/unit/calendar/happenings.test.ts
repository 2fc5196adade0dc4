import { describe, expect, it } from 'vitest';
import {
  eventDay,
  eventHappening,
  indiaDay,
  isComingEvent,
  isUpcoming,
  pastOf,
  upcomingOf,
  upcomingUntil,
  webinarHappening,
  whenText,
  type Happening,
} from '../../../src/lib/calendar/happenings.ts';
import { webinarsContent } from '../../e2e/content.ts';

const at = (iso: string) => new Date(iso);
const happening = (uid: string, day: string, time?: string): Happening => ({
  uid,
  kind: 'webinar',
  title: uid,
  summary: '',
  day,
  time,
  path: '/',
});

describe('what is upcoming', () => {
  it('counts the day in India, whatever the server’s zone: 20:00 UTC on the 16th is already the 17th there', () => {
    expect(indiaDay(at('2027-09-16T18:29:59Z'))).toBe('2027-09-16');
    expect(indiaDay(at('2027-09-16T18:30:00Z'))).toBe('2027-09-17');
  });

  it('keeps a happening upcoming all through its day and past from the next', () => {
    const item = happening('a', '2027-09-17', '19:00');
    expect(isUpcoming(item, at('2027-09-17T16:00:00Z'))).toBe(true);
    expect(isUpcoming(item, at('2027-09-17T18:29:00Z'))).toBe(true);
    expect(isUpcoming(item, at('2027-09-17T18:30:00Z'))).toBe(false);
  });

  it('says when a happening stops being upcoming (a home card, in the visitor’s browser), as isUpcoming decides', () => {
    for (const day of ['2027-09-17', '2027-12-31', '2028-02-29']) {
      const until = upcomingUntil({ day });
      expect(isUpcoming({ day }, new Date(until.getTime() - 1))).toBe(true);
      expect(isUpcoming({ day }, until)).toBe(false);
    }
    expect(upcomingUntil({ day: '2027-12-31' }).toISOString()).toBe('2027-12-31T18:30:00.000Z');
  });

  it('lists the upcoming soonest first and the past newest first', () => {
    const items = [
      happening('later', '2027-10-01'),
      happening('past', '2024-01-01'),
      happening('evening', '2027-09-17', '19:00'),
      happening('morning', '2027-09-17', '09:30'),
      happening('older', '2023-01-01'),
    ];
    const now = at('2026-11-26T10:00:00Z');
    expect(upcomingOf(items, now).map((item) => item.uid)).toEqual(['morning', 'evening', 'later']);
    expect(pastOf(items, now).map((item) => item.uid)).toEqual(['past', 'older']);
  });

  it('writes the date and the time in India', () => {
    expect(whenText({ day: '2027-09-17', time: '19:00' })).toBe('Friday, 17 September 2027, 7:00 pm IST');
    expect(whenText({ day: '2028-01-21' })).toBe('Friday, 21 January 2028');
  });
});

describe('the sample content', () => {
  const now = new Date();
  const webinars = webinarsContent().flatMap(
    (webinar) => webinarHappening({ ...webinar, image: { src: webinar.image } }, now) ?? [],
  );

  it('has a future webinar that is upcoming today, with a time and a joining link, and past ones that are not', () => {
    const upcoming = upcomingOf(webinars, now);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.some((item) => item.time && item.joinUrl)).toBe(true);
    expect(upcoming.every((item) => item.path === '/#coming-up')).toBe(true);
    const past = pastOf(webinars, now);
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((item) => item.path.startsWith('/past-webinars?year='))).toBe(true);
  });

  it('gives every webinar its own UID', () => {
    expect(new Set(webinars.map((item) => item.uid)).size).toBe(webinars.length);
  });
});

describe('events as happenings', () => {
  it.each([
    ['2025-03-14', '2025-03-14'],
    ['14-03-2025', '2025-03-14'],
    ['4.3.2025', '2025-03-04'],
    ['2025-02-30', undefined],
    ['March 2025', undefined],
    ['', undefined],
  ])('reads %j as %j', (date, day) => {
    expect(eventDay(date)).toBe(day);
  });

  it('leaves out an event without a title or a readable date, and links the others to their page', () => {
    const record = { events_id: 7, events_title: ' Salem - CME ', events_sub_title: 'Blocks', events_image: '' };
    expect(eventHappening({ ...record, events_date: 'soon' }, 'Salem')).toBeUndefined();
    expect(eventHappening({ ...record, events_title: ' ', events_date: '2025-03-14' }, 'Salem')).toBeUndefined();
    expect(eventHappening({ ...record, events_date: '2025-03-14' }, 'Salem')).toEqual({
      uid: 'event-7',
      kind: 'event',
      title: 'Salem - CME',
      summary: 'Blocks',
      day: '2025-03-14',
      place: 'Salem',
      path: '/Events/7',
      image: undefined,
    });
  });
});

describe('Monthly Activities leaves out the events to come', () => {
  it('treats an event dated today or later in India as coming, and one without a readable date as not', () => {
    const now = at('2026-11-26T10:00:00Z');
    expect(isComingEvent({ events_date: '2026-11-26' }, now)).toBe(true);
    expect(isComingEvent({ events_date: '2026-11-25' }, now)).toBe(false);
    expect(isComingEvent({ events_date: 'November 2026' }, now)).toBe(false);
  });
});
