import { describe, expect, it } from 'vitest';
import { isoFromDottedDate, readableIsoDate, webinarIsoDate } from '../../src/lib/contentDates.ts';

// The content check and the pages read dates with the same functions: a day that does not exist
// is no date at all (the schema refuses it; a page never shows it as another day).
describe('dates that do not exist', () => {
  it.each([
    ['31 - April - 2025', undefined],
    ['29 - February - 2023', undefined],
    ['0 - March - 2025', undefined],
    ['29 - February - 2024', '2024-02-29'],
  ])('webinarIsoDate(%j) -> %j', (date, expected) => {
    expect(webinarIsoDate(date)).toBe(expected);
  });

  it.each([
    ['31.04.2020', undefined],
    ['00.12.2020', undefined],
    ['18.13.2020', undefined],
    ['29.02.2020', '2020-02-29'],
  ])('isoFromDottedDate(%j) -> %j', (date, expected) => {
    expect(isoFromDottedDate(date)).toBe(expected);
  });

  it.each([
    ['2025-04-31', '2025-04-31'],
    ['2025-13-01', '2025-13-01'],
    ['14 March 2025', '14 March 2025'],
    [' 2025-03-14 ', '14 March 2025'],
    ['2024-02-29', '29 February 2024'],
  ])('readableIsoDate(%j) -> %j', (date, expected) => {
    expect(readableIsoDate(date)).toBe(expected);
  });
});
