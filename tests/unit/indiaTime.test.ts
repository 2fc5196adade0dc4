import { describe, expect, it } from 'vitest';
import { formatIndiaDateTime } from '../../src/lib/indiaTime.ts';

describe('formatIndiaDateTime', () => {
  it.each([
    // UTC+05:30 carries past midnight into the next day, month and year.
    ['2026-11-24T11:05:00.000Z', '24 Nov 2026, 16:35 IST'],
    ['2026-12-31T18:30:00.000Z', '1 Jan 2027, 00:00 IST'],
    ['2026-03-01T00:00:00Z', '1 Mar 2026, 05:30 IST'],
    [Date.UTC(2025, 5, 14, 23, 59), '15 Jun 2025, 05:29 IST'],
    ['not a date', 'not a date'],
  ])('%j -> %j', (value, expected) => {
    expect(formatIndiaDateTime(value)).toBe(expected);
  });
});
