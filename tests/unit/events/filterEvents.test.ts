import { describe, expect, it } from 'vitest';
import { filterEvents, placeOfEvent, yearOf } from '../../../src/lib/events/filterEvents.ts';
import { event } from './eventBuilder.ts';

describe('filterEvents (spec point 5)', () => {
  it.each([
    [
      'keeps a title that contains the place and a date in the year',
      event(1, 'Salem - Workshop', '2025-03-14'),
      'Salem',
      2025,
      true,
    ],
    ['ignores letter case in the title', event(2, 'SALEM branch CME', '2025-01-02'), 'Salem', 2025, true],
    ['ignores letter case in the place', event(3, 'tamil nadu quiz', '2025-08-23'), 'Tamil Nadu', 2025, true],
    ['drops another year', event(4, 'Salem - Workshop', '2024-03-14'), 'Salem', 2025, false],
    ['drops another place', event(5, 'Madurai - CME', '2025-03-14'), 'Salem', 2025, false],
    ['drops a missing title', event(6, '', '2025-03-14'), 'Salem', 2025, false],
    ['drops a blank title', event(7, '   ', '2025-03-14'), 'Tamil Nadu', 2025, false],
    ['drops a missing date', event(8, 'Salem - Workshop', ''), 'Salem', 2025, false],
    ['reads a day-first date', event(9, 'Chennai - CME', '14-03-2025'), 'Chennai', 2025, true],
    ['reads a date with a time', event(10, 'Chennai - CME', '2021-06-19 10:00:00'), 'Chennai', 2021, true],
    ['drops a date without a year', event(11, 'Chennai - CME', 'March'), 'Chennai', 2025, false],
  ])('%s', (_case, record, place, year, kept) => {
    expect(filterEvents([record], place, year)).toEqual(kept ? [record] : []);
  });

  it('keeps the order it was given', () => {
    const events = [
      event(1, 'Salem A', '2025-01-01'),
      event(2, 'Madurai', '2025-01-01'),
      event(3, 'Salem B', '2025-12-31'),
    ];
    expect(filterEvents(events, 'Salem', 2025).map((record) => record.events_id)).toEqual([1, 3]);
  });
});

describe('yearOf', () => {
  it.each([
    ['2025-03-14', 2025],
    ['14/03/2024', 2024],
    ['14 March 2023', 2023],
    ['', undefined],
    ['12345', undefined],
  ])('%s -> %s', (date, year) => {
    expect(yearOf(date)).toBe(year);
  });
});

describe('placeOfEvent', () => {
  const PLACES = ['Tamil Nadu', 'Salem', 'Madurai', 'Coimbatore', 'Chennai'];

  it('is the only place when there is one', () => {
    expect(placeOfEvent('Salem - Airway Workshop', ['Tamil Nadu'])).toBe('Tamil Nadu');
  });

  it('follows the places of the content, in their order', () => {
    expect(placeOfEvent('Erode and Salem CME', ['Tamil Nadu', 'Erode', 'Salem'])).toBe('Erode');
    expect(placeOfEvent('Erode and Salem CME', ['Tamil Nadu', 'Salem', 'Erode'])).toBe('Salem');
  });

  it.each([
    ['Salem - Airway Workshop', 'Salem'],
    ['madurai simulation day', 'Madurai'],
    ['Tamil Nadu - State Quiz', 'Tamil Nadu'],
    ['Rural CME', 'Tamil Nadu'],
  ])('%s -> %s', (title, place) => {
    expect(placeOfEvent(title, PLACES)).toBe(place);
  });
});
