import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../src/lib/events/eventRecords.ts';
import { eventYearOptions } from '../../src/lib/events/filterEvents.ts';
import { webinarYear, webinarYearOptions } from '../../src/lib/webinarYearFilter.ts';
import { parseYearOption, yearOptions } from '../../src/lib/yearOptions.ts';

const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => from - index);

describe('yearOptions', () => {
  it.each([
    ['data up to 2025, read in 2025', [2025, 2024, 2021], 2025, range(2025, 2021), 2025],
    ['current year later than the data', [2025, 2023], 2026, range(2026, 2021), 2025],
    ['several years later than the data', [2024], 2031, range(2031, 2021), 2024],
    ['data later than the current year', [2027, 2025], 2026, range(2027, 2021), 2027],
    ['a clock set before the first year', [2024], 2001, range(2024, 2021), 2024],
    ['no data: the current year is the default', [], 2026, range(2026, 2021), 2026],
    ['only unreadable dates', [undefined, undefined], 2026, range(2026, 2021), 2026],
    ['entries older than the first year count for nothing', [2019, 2020], 2026, range(2026, 2021), 2026],
    ['an entry in the first year', [2021], 2021, [2021], 2021],
    ['a current year that is not a year', [2023], Number.NaN, range(2023, 2021), 2023],
  ])('%s', (_, entryYears, currentYear, years, defaultYear) => {
    expect(yearOptions(entryYears, currentYear, 2021)).toEqual({ years, defaultYear });
  });
});

describe('parseYearOption', () => {
  it.each([
    ['2025', 2025],
    [' 2021 ', 2021],
    ['2020', undefined],
    ['2027', undefined],
    ['', undefined],
    ['twenty', undefined],
  ])('%j -> %j', (value, expected) => {
    expect(parseYearOption(value, [2026, 2025, 2024, 2023, 2022, 2021])).toBe(expected);
  });
});

const event = (events_id: number, events_title: string, events_date: string): EventRecord => ({
  events_id,
  events_title,
  events_sub_title: '',
  events_image: '',
  events_date,
});

describe('eventYearOptions (Monthly Activities: down to 2021)', () => {
  it.each([
    ['the spec’s list with 2025 data in 2025', [event(1, 'Salem CME', '2025-03-14')], 2025, range(2025, 2021), 2025],
    ['a later calendar keeps the data’s default', [event(1, 'Salem CME', '2025-03-14')], 2026, range(2026, 2021), 2025],
    [
      'a 2026 event becomes the default',
      [event(1, 'Salem CME', '2025-03-14'), event(2, 'Madurai', '2026-01-09')],
      2026,
      range(2026, 2021),
      2026,
    ],
    ['an event next year extends the list', [event(1, 'Chennai', '14 March 2027')], 2026, range(2027, 2021), 2027],
    [
      'the current year has events: it stays the default, even with a later one',
      [event(1, 'Chennai', '2026-02-01'), event(2, 'Salem', '2027-01-09')],
      2026,
      range(2027, 2021),
      2026,
    ],
    [
      'the current year has none: the latest year that has some',
      [event(1, 'Chennai', '2023-02-01'), event(2, 'Salem', '2025-01-09'), event(3, 'Erode', '2024-05-05')],
      2026,
      range(2026, 2021),
      2025,
    ],
    [
      'a current year event without a title does not hold the default',
      [event(1, ' ', '2026-02-01'), event(2, 'Salem', '2027-01-09')],
      2026,
      range(2027, 2021),
      2027,
    ],
    [
      'an event without a title does not count',
      [event(1, '', '2026-01-09'), event(2, 'Salem', '2024-01-01')],
      2026,
      range(2026, 2021),
      2024,
    ],
    ['an event without a date does not count', [event(1, 'Salem', ' ')], 2026, range(2026, 2021), 2026],
    ['no events', [], 2026, range(2026, 2021), 2026],
  ])('%s', (_, events, currentYear, years, defaultYear) => {
    expect(eventYearOptions(events, currentYear)).toEqual({ years, defaultYear });
  });
});

describe('webinarYearOptions (Past Webinars: down to 2020)', () => {
  it.each([
    ['the spec’s list with 2025 data in 2025', ['14 - March - 2025', '2 - May - 2020'], 2025, range(2025, 2020), 2025],
    ['current year later than the data', ['14 - March - 2025'], 2026, range(2026, 2020), 2025],
    ['a 2026 webinar becomes the default', ['14 - March - 2025', '3 - January - 2026'], 2026, range(2026, 2020), 2026],
    ['a year that only starts the date does not count', ['2027 - March - 14'], 2026, range(2026, 2020), 2026],
    ['no webinars', [], 2026, range(2026, 2020), 2026],
  ])('%s', (_, dates, currentYear, years, defaultYear) => {
    expect(
      webinarYearOptions(
        dates.map((date) => ({ date })),
        currentYear,
      ),
    ).toEqual({ years, defaultYear });
  });

  it.each([
    ['14 - March - 2025', 2025],
    [' 14 - March - 2025 ', 2025],
    ['1 - June - 12025', undefined],
    ['2025 - March - 14', undefined],
    ['', undefined],
  ])('webinarYear(%j) -> %j', (date, expected) => {
    expect(webinarYear(date)).toBe(expected);
  });
});
