import { describe, expect, it } from 'vitest';
import { eventYearOptions } from '../../src/lib/events/filterEvents.ts';
import { webinarYear, webinarYearOptions } from '../../src/lib/webinarYearFilter.ts';
import { parseYearOption, yearOptions } from '../../src/lib/yearOptions.ts';
import { event } from './events/eventBuilder.ts';

const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => from - index);

describe('yearOptions: only years with something to show, the newest first and chosen', () => {
  it.each([
    ['data up to 2025, read in 2025', [2025, 2024, 2021], 2025, [2025, 2024, 2021], 2025],
    ['the current year has nothing: not offered', [2025, 2023], 2026, [2025, 2023], 2025],
    ['several years later than the data', [2024], 2031, [2024], 2024],
    ['data later than the current year', [2027, 2025], 2026, [2027, 2025], 2027],
    ['a year with several entries is offered once', [2024, 2025, 2024, 2025], 2026, [2025, 2024], 2025],
    ['a clock set before the first year', [2024], 2001, [2024], 2024],
    ['no data: the current year alone, to say so', [], 2026, [2026], 2026],
    ['only unreadable dates', [undefined, undefined], 2026, [2026], 2026],
    ['entries older than the first year count for nothing', [2019, 2020, 2023], 2026, [2023], 2023],
    ['an entry in the first year', [2021], 2021, [2021], 2021],
    ['a current year that is not a year', [2023], Number.NaN, [2023], 2023],
    ['nothing, and a current year that is not a year', [], Number.NaN, [2021], 2021],
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

describe('eventYearOptions (Monthly Activities: from 2021)', () => {
  it.each([
    ['the spec’s list with 2025 data in 2025', [2025, 2024, 2023, 2022, 2021], 2025, range(2025, 2021), 2025],
    ['a later calendar offers only the years with events', [2025, 2023], 2026, [2025, 2023], 2025],
    ['a 2026 event becomes the default', [2025, 2026], 2026, [2026, 2025], 2026],
    ['an event next year is offered, and chosen', [2027, 2026], 2026, [2027, 2026], 2027],
    ['a year whose only event has no title is not offered', [2026, 2024], 2026, [2024], 2024, [0]],
    ['no events', [], 2026, [2026], 2026],
  ])('%s', (_, eventYears, currentYear, years, defaultYear, untitled: number[] = []) => {
    const events = eventYears.map((year, index) =>
      event(index + 1, untitled.includes(index) ? ' ' : `Salem CME ${index}`, `${year}-03-14`),
    );
    expect(eventYearOptions(events, currentYear)).toEqual({ years, defaultYear });
  });

  it('counts events without a date for nothing, and reads the dates the backend writes', () => {
    expect(
      eventYearOptions(
        [event(1, 'Salem', ' '), event(2, 'Chennai', '14 March 2023'), event(3, 'Erode', '05-05-2024')],
        2026,
      ),
    ).toEqual({ years: [2024, 2023], defaultYear: 2024 });
  });
});

describe('webinarYearOptions (Past Webinars: from 2020)', () => {
  it.each([
    ['the spec’s list with 2025 data in 2025', ['14 - March - 2025', '2 - May - 2020'], 2025, [2025, 2020], 2025],
    ['this year without webinars is not offered', ['14 - March - 2025'], 2026, [2025], 2025],
    ['a 2026 webinar becomes the default', ['14 - March - 2025', '3 - January - 2026'], 2026, [2026, 2025], 2026],
    ['a year that only starts the date does not count', ['2027 - March - 14'], 2026, [2026], 2026],
    ['no webinars', [], 2026, [2026], 2026],
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
