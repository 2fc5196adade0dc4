/**
 * Field types shared by every content schema. Each one carries an error message written for
 * the office staff who edit the YAML files: it says what was expected, with an example.
 */
import { z } from 'zod';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** Non-empty text, trimmed. */
export function text(what: string) {
  return z
    .string({ error: `expected ${what} as text` })
    .trim()
    .min(1, { error: `expected ${what}; it is empty` });
}

/** A phone number as people write it: digits, spaces and hyphens, an optional leading +. */
export const phone = z
  .string({ error: 'expected a phone number as text, for example "+91 00000 10001"' })
  .trim()
  .refine(
    (value) => {
      if (!/^\+?[0-9][0-9 -]*[0-9]$/.test(value)) return false;
      const digits = value.replace(/\D/g, '').length;
      return digits >= 8 && digits <= 15;
    },
    {
      error:
        'expected a phone number of 8 to 15 digits (spaces, hyphens and a leading + allowed), for example "+91 00000 10001"',
    },
  );

export const email = z.email({
  error: 'expected an e-mail address, for example "secretary@example.org"',
});

/** An optional e-mail that may also be written as an empty string (the original data does so). */
export const optionalEmail = z
  .union([z.literal(''), email], {
    error: 'expected an e-mail address such as "secretary@example.org", or leave it empty',
  })
  .optional()
  .transform((value) => (value ? value : undefined));

export const webUrl = z.url({
  protocol: /^https?$/,
  error: 'expected a full web address starting with https://, for example "https://www.example.org/page"',
});

/** A link inside this site, such as "/" or "/branches". */
export const sitePath = z
  .string({ error: 'expected a path on this site, for example "/branches"' })
  .regex(/^\/[A-Za-z0-9\-/#_.]*$/, {
    error: 'expected a path on this site starting with "/", for example "/branches"',
  });

/** A link that is either a full web address or a path on this site. */
export const link = z.union([webUrl, sitePath], {
  error: 'expected a full web address (https://...) or a path on this site starting with "/"',
});

/** A webinar date, written as in the original site: "14 - March - 2025". */
export const webinarDate = z
  .string({ error: 'expected a date written like "14 - March - 2025"' })
  .trim()
  .refine(
    (value) => {
      const match = /^(\d{1,2}) - ([A-Za-z]+) - (\d{4})$/.exec(value);
      if (!match) return false;
      const [, day, month, year] = match;
      const monthIndex = MONTHS.findIndex((name) => name === month);
      if (monthIndex < 0) return false;
      const dayNumber = Number(day);
      return dayNumber >= 1 && dayNumber <= daysInMonth(Number(year), monthIndex);
    },
    {
      error:
        'expected a real date written like "14 - March - 2025" (day, the month in full with a capital letter, year, separated by " - ")',
    },
  );

/** A conclave link date, written "18.12.2020". */
export const dottedDate = z
  .string({ error: 'expected a date written like "18.12.2020"' })
  .trim()
  .refine(
    (value) => {
      const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
      if (!match) return false;
      const [, day, month, year] = match;
      const monthIndex = Number(month) - 1;
      const dayNumber = Number(day);
      return monthIndex >= 0 && monthIndex < 12 && dayNumber >= 1 && dayNumber <= daysInMonth(Number(year), monthIndex);
    },
    { error: 'expected a real date written like "18.12.2020" (dd.mm.yyyy)' },
  );

export const year = z
  .number({ error: 'expected a year as a number, for example 1974' })
  .int({ error: 'expected a whole year, for example 1974' })
  .min(1900, { error: 'expected a year after 1900' })
  .max(2100, { error: 'expected a year before 2100' });

/** The file of a video under public/, referenced from the site root: "/media/sports-meet.mp4". */
export const publicFile = z
  .string({ error: 'expected the path of a file in the public folder, for example "/media/sports-meet.mp4"' })
  .regex(/^\/[A-Za-z0-9\-/_.]+$/, {
    error: 'expected the path of a file in the public folder, starting with "/", for example "/media/sports-meet.mp4"',
  });

/** A YouTube video id: the part after "v=" in a watch link. */
export const youtubeId = z
  .string({ error: 'expected a YouTube video id, for example "aBcDeFgHiJk"' })
  .regex(/^[A-Za-z0-9_-]{11}$/, {
    error: 'expected a YouTube video id of 11 letters, digits, "-" or "_" (the part after "v=" in the link)',
  });

export { MONTHS };
