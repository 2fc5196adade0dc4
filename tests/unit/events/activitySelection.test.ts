import { describe, expect, it } from 'vitest';
import { activitySearch, activityStatus, parseActivitySelection } from '../../../src/lib/events/activitySelection.ts';
import type { YearOptions } from '../../../src/lib/yearOptions.ts';

const PLACES = ['Tamil Nadu', 'Salem', 'Madurai', 'Coimbatore', 'Chennai'];
const OPTIONS: YearOptions = { years: [2026, 2025, 2024, 2023, 2022, 2021], defaultYear: 2025 };

const parse = (query: string) => parseActivitySelection(new URLSearchParams(query), PLACES, OPTIONS);

describe('parseActivitySelection', () => {
  describe.each([
    ['an unknown place', 'place=Ooty&year=2024', 'Tamil Nadu', 2024, /no list of events for “Ooty”.*Tamil Nadu/],
    ['a year not offered', 'place=Salem&year=2019', 'Salem', 2025, /years 2021 to 2026, not “2019”, so 2025/],
    ['a year that is not a number', 'year=next', 'Tamil Nadu', 2025, /not “next”/],
    ['a year with a fraction', 'year=2024.5', 'Tamil Nadu', 2025, /not “2024\.5”/],
    ['markup in the place', 'place=<script>alert(1)</script>', 'Tamil Nadu', 2025, /“<script>alert\(1\)<\/script>”/],
  ])('refuses %s politely: the default and a note', (_case, query, place, year, notice) => {
    it(`?${query}`, () => {
      const selection = parse(query);
      expect(selection).toMatchObject({ place, year });
      expect(selection.notices).toHaveLength(1);
      expect(selection.notices[0]).toMatch(notice);
    });
  });

  it.each([
    ['nothing', '', 'Tamil Nadu', 2025],
    ['empty values', 'place=&year=', 'Tamil Nadu', 2025],
    ['a place and a year', 'place=Madurai&year=2024', 'Madurai', 2024],
    ['a place in other letter case and spacing', 'place=%20tamil%20%20NADU%20', 'Tamil Nadu', 2025],
    ['a year with spaces around it', 'year=%202023%20', 'Tamil Nadu', 2023],
    ['the current year, without events yet', 'year=2026', 'Tamil Nadu', 2026],
    ['repeated values: the first counts', 'place=Salem&place=Chennai&year=2022&year=2023', 'Salem', 2022],
    ['other parameters, ignored', 'utm_source=x&place=Chennai', 'Chennai', 2025],
  ])('takes %s without a note', (_case, query, place, year) => {
    expect(parse(query)).toEqual({ place, year, notices: [] });
  });

  it('gives both notes when both values are unknown, and shortens a long value', () => {
    const selection = parse(`place=${'x'.repeat(500)}&year=1999`);
    expect(selection).toMatchObject({ place: 'Tamil Nadu', year: 2025 });
    expect(selection.notices).toHaveLength(2);
    expect(selection.notices[0]).toContain(`“${'x'.repeat(40)}…”`);
  });
});

describe('activitySearch', () => {
  it.each([
    [{ place: 'Madurai', year: 2024 }, '?place=Madurai&year=2024'],
    [{ place: 'Tamil Nadu', year: 2025 }, '?place=Tamil+Nadu&year=2025'],
  ])('%j -> %s, which reads back as the same selection', (selection, search) => {
    expect(activitySearch(selection)).toBe(search);
    expect(parse(search.slice(1))).toEqual({ ...selection, notices: [] });
  });
});

describe('activityStatus', () => {
  it.each([
    [0, 'No events for Salem in 2024.'],
    [1, '1 event for Salem in 2024.'],
    [3, '3 events for Salem in 2024.'],
  ])('%i events -> %s', (count, text) => {
    expect(activityStatus(count, { place: 'Salem', year: 2024 })).toBe(text);
  });

  it.each([
    [0, 'No events for Salem in 2026; only the card of the cricket tournament is shown.'],
    [1, '1 event for Salem in 2026, and the cricket tournament: 2 cards.'],
  ])('with the card always shown, %i events -> %s', (count, text) => {
    expect(activityStatus(count, { place: 'Salem', year: 2026 }, 'the cricket tournament')).toBe(text);
  });
});
