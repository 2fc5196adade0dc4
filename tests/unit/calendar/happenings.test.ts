import { describe, expect, it } from 'vitest';
import {
  eventDay,
  eventHappening,
  indiaDay,
  isActivity,
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

  it('keeps a happening without a time upcoming all through its day and past from the next', () => {
    const item = happening('a', '2027-09-17');
    expect(isUpcoming(item, at('2027-09-17T16:00:00Z'))).toBe(true);
    expect(isUpcoming(item, at('2027-09-17T18:29:00Z'))).toBe(true);
    expect(isUpcoming(item, at('2027-09-17T18:30:00Z'))).toBe(false);
  });

  it('says when a happening stops being upcoming (a home card, in the visitor’s browser), as isUpcoming decides', () => {
    for (const [day, time] of [
      ['2027-09-17', undefined],
      ['2027-12-31', undefined],
      ['2028-02-29', '19:00'],
    ] as const) {
      const until = upcomingUntil({ day, time });
      expect(isUpcoming({ day, time }, new Date(until.getTime() - 1))).toBe(true);
      expect(isUpcoming({ day, time }, until)).toBe(false);
    }
    expect(upcomingUntil({ day: '2027-12-31' }).toISOString()).toBe('2027-12-31T18:30:00.000Z');
  });

  it('keeps a webinar at 7 pm today upcoming until it ends, at 8 pm IST', () => {
    const item = happening('a', '2027-09-17', '19:00');
    expect(isUpcoming(item, at('2027-09-17T13:30:00Z'))).toBe(true); // 7 pm: going on
    expect(isUpcoming(item, at('2027-09-17T14:29:00Z'))).toBe(true);
    expect(isUpcoming(item, at('2027-09-17T14:30:00Z'))).toBe(false); // 8 pm: over
  });

  it('takes an event whose photos are up for past, even dated today or later', () => {
    const record = { events_id: 7, events_title: 'Salem - CME', events_sub_title: '', events_date: '2027-09-17' };
    const now = at('2027-09-17T05:00:00Z');
    const report = eventHappening({ ...record, events_image: '/Admin/uploads/events/7/a.jpg' }, 'Salem');
    const announced = eventHappening({ ...record, events_image: '' }, 'Salem');
    expect(report && isUpcoming(report, now)).toBe(false);
    expect(announced && isUpcoming(announced, now)).toBe(true);
    expect(report && pastOf([report], now)).toEqual([report]);
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
    ['2021-06-19 10:00:00', '2021-06-19'],
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
      reported: false,
    });
  });
});

describe('Monthly Activities: an event with photos, or dated today or earlier', () => {
  const now = at('2026-11-26T10:00:00Z'); // 15:30 IST on the 26th
  const photo = '/Admin/uploads/events/7/a.jpg';
  it.each([
    ['today’s report, with its photos', '2026-11-26', photo, true],
    ['today’s event, its photos not up yet', '2026-11-26', '', true],
    ['yesterday’s', '2026-11-25', '', true],
    ['tomorrow’s, with photos (a report dated ahead)', '2026-11-27', photo, true],
    ['tomorrow’s, without photos: still to come', '2026-11-27', '', false],
    ['one without a readable date', 'November 2026', '', true],
  ])('%s: %s', (_case, events_date, events_image, listed) => {
    expect(isActivity({ events_date, events_image }, now)).toBe(listed);
  });

  it('counts today in India: 20:00 UTC on the 25th is the 26th there', () => {
    expect(isActivity({ events_date: '2026-11-26', events_image: '' }, at('2026-11-25T20:00:00Z'))).toBe(true);
    expect(isActivity({ events_date: '2026-11-26', events_image: '' }, at('2026-11-25T18:00:00Z'))).toBe(false);
  });
});
