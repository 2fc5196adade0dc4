import { describe, expect, it } from 'vitest';
import { isoFromDottedDate, newestFirst, webinarIsoDate } from '../../src/lib/contentDates.ts';
import { dateEndsWithYear, webinarCountText, webinarsOfYear } from '../../src/lib/webinarYearFilter.ts';

const WEBINARS = [
  { id: 1, date: '14 - March - 2025' },
  { id: 2, date: '2 - January - 2025' },
  { id: 3, date: '30 - December - 2024' },
  { id: 4, date: '9 - May - 2022 ' },
  { id: 5, date: '18 - December - 2020' },
  { id: 6, date: '1 - June - 12025' },
];

describe('dateEndsWithYear', () => {
  it.each([
    ['14 - March - 2025', 2025, true],
    ['14 - March - 2025', '2025', true],
    ['14 - March - 2025  ', 2025, true],
    ['14 - March - 2024', 2025, false],
    ['2025 - March - 14', 2025, false],
    ['1 - June - 12025', 2025, false],
    ['2025', 2025, true],
    ['14 - March - 2025', '', false],
    ['14 - March - 2025', '25', false],
    ['14 - March - 2025', 'abcd', false],
    ['', 2025, false],
  ])('%j ends with %j: %s', (date, year, expected) => {
    expect(dateEndsWithYear(date, year)).toBe(expected);
  });
});

describe('webinarsOfYear', () => {
  it.each([
    [2025, [1, 2]],
    [2024, [3]],
    [2023, []],
    [2022, [4]],
    [2021, []],
    [2020, [5]],
    [2019, []],
    ['', []],
  ])('year %j keeps ids %j, in their order', (year, ids) => {
    expect(webinarsOfYear(WEBINARS, year).map((webinar) => webinar.id)).toEqual(ids);
  });

  it('returns an empty list for an empty list', () => {
    expect(webinarsOfYear([], 2025)).toEqual([]);
  });
});

describe('isoFromDottedDate', () => {
  it.each([
    ['18.12.2020', '2020-12-18'],
    [' 01.02.2021 ', '2021-02-01'],
    ['18-12-2020', undefined],
    ['8.12.2020', undefined],
    ['', undefined],
  ])('%j -> %j', (date, expected) => {
    expect(isoFromDottedDate(date)).toBe(expected);
  });
});

describe('webinarCountText', () => {
  it.each([
    [0, 2023, 'No webinars from 2023'],
    [1, 2021, '1 webinar from 2021'],
    [4, 2025, '4 webinars from 2025'],
  ])('%i in %s: %j', (count, year, expected) => {
    expect(webinarCountText(count, year)).toBe(expected);
  });
});

describe('webinarIsoDate', () => {
  it.each([
    ['14 - March - 2025', '2025-03-14'],
    ['2 - January - 2020', '2020-01-02'],
    [' 31 - December - 2024 ', '2024-12-31'],
    ['14 - march - 2025', undefined],
    ['14 - Mar - 2025', undefined],
    ['14-March-2025', undefined],
    ['2025-03-14', undefined],
    ['', undefined],
  ])('%j -> %j', (date, expected) => {
    expect(webinarIsoDate(date)).toBe(expected);
  });
});

describe('newestFirst', () => {
  it('sorts by date, newest first, keeping the file order for the same day', () => {
    const webinars = [
      { id: 1, date: '2 - January - 2025' },
      { id: 2, date: '30 - December - 2024' },
      { id: 3, date: '14 - March - 2025' },
      { id: 4, date: '2 - January - 2025' },
      { id: 5, date: '1 - February - 2025' },
    ];
    expect(newestFirst(webinars).map((webinar) => webinar.id)).toEqual([3, 5, 1, 4, 2]);
    expect(webinars.map((webinar) => webinar.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
