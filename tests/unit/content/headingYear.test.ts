/**
 * The home page's webinar heading and the webinars' years: after a webinar of a new year is
 * added, a heading that names a year without webinars is pointed out.
 */
import { describe, expect, it } from 'vitest';
import { checkHeadingYear, headingYearWarning, webinarHeading } from '../../../src/lib/content/headingYear.ts';

const DATES = ['2024-01-12', '2025-03-14', '2026-01-16'];

describe('headingYearWarning', () => {
  it.each([
    [
      '{product} Monthly Webinar 2022',
      DATES,
      'the webinar heading names 2022, but no webinar is from 2022; the newest are from 2026: change the year in the heading (or leave it out)',
    ],
    [
      'Webinars of 2023',
      [],
      'the webinar heading names 2023, but no webinar is from 2023: change the year in the heading (or leave it out)',
    ],
  ])('warns about "%s"', (title, dates, expected) => {
    expect(headingYearWarning(title, dates)).toBe(expected);
  });

  it.each([
    ['{product} Monthly Webinar 2025', DATES],
    ['{product} Monthly Webinar', DATES],
    ['Webinar 12', DATES],
  ])('accepts "%s"', (title, dates) => {
    expect(headingYearWarning(title, dates)).toBeUndefined();
  });
});

describe('checkHeadingYear', () => {
  const files = (title: string) => ({
    read: (file: string) =>
      ({
        'content/home.yaml': `pageTitle: Home\nwebinars:\n  title: "${title}"\n`,
        'content/webinars.yaml': `webinars:\n${DATES.map((date) => `  - date: "${date}"\n`).join('')}`,
      })[file],
    yamlFilesIn: () => [],
  });

  it('reports the heading on its line in home.yaml, after a 2026 webinar is added', () => {
    expect(checkHeadingYear(files('{product} Monthly Webinar 2022'))).toEqual([
      {
        file: 'content/home.yaml',
        line: 3,
        field: 'webinars › title',
        message: expect.stringContaining('names 2022, but no webinar is from 2022; the newest are from 2026'),
      },
    ]);
    expect(checkHeadingYear(files('{product} Monthly Webinar 2026'))).toEqual([]);
  });
});

describe('webinarHeading', () => {
  const HOME = ['14 - March - 2025', '16 - January - 2026', '10 - July - 2020', '14 - August - 2020'];
  it('follows the newest webinar on the home page when the heading says "{year}"', () => {
    expect(webinarHeading('{product} Monthly Webinar {year}', 'ISA TN', HOME)).toBe('ISA TN Monthly Webinar 2026');
    expect(webinarHeading('{product} Monthly Webinar {year}', 'ISA TN', ['2025-03-14'])).toBe(
      'ISA TN Monthly Webinar 2025',
    );
  });
  it('keeps a year the office typed', () => {
    expect(webinarHeading('{product} Monthly Webinar 2022', 'ISA TN', HOME)).toBe('ISA TN Monthly Webinar 2022');
  });
});
