/**
 * Field types shared by every content schema. Each one carries an error message written for
 * the office staff who edit the YAML files: it says what was expected, with an example.
 *
 * Each also carries editor help (`.meta()`): a description shown on hover and, where the rule is
 * a refinement that JSON Schema cannot run, a `pattern` that approximates it, with the same plain
 * words as `errorMessage` (a keyword the YAML extension shows instead of "does not match pattern").
 * `npm run schemas` turns them into the JSON Schemas of content/.schemas/; tests/unit/content/
 * jsonSchemas.test.ts checks that each pattern accepts and refuses what the refinement does.
 */
import { z } from 'zod';
import { displayDate } from '../contentDates.ts';
import { IMAGE_EXTENSIONS } from '../imageTypes.ts';
import { capitalised } from '../plainText.ts';

/** What an editor shows while typing: on hover, in completions and under a mistake. */
export interface EditorHelp {
  description: string;
  /** A regular expression for JSON Schema (no flags), approximating a refinement. */
  pattern?: string;
  /** The plain words shown when `pattern` does not match. */
  errorMessage?: string;
  examples?: readonly (string | number | boolean)[];
}

/** Attaches editor help to a schema; it changes nothing in what the schema accepts. */
export function withHelp<Schema extends z.ZodType>(schema: Schema, help: EditorHelp): Schema {
  return schema.meta({ ...help, ...(help.examples ? { examples: [...help.examples] } : {}) });
}

/** Non-empty text, trimmed. */
export function text(what: string) {
  return withHelp(
    z
      .string({ error: `expected ${what} as text` })
      .trim()
      .min(1, { error: `expected ${what}; it is empty` }),
    { description: capitalised(what) },
  );
}

const PHONE_MESSAGE =
  'expected a phone number of 8 to 15 digits (spaces, hyphens and a leading + allowed), for example "+91 00000 10001"';

/**
 * A phone number as people write it: digits, spaces and hyphens, an optional leading +, 8 to 15
 * digits in all. The content forms check it with the same pattern (src/lib/keystatic/formFields.ts).
 */
export const PHONE_PATTERN = /^(?=(?:[^0-9]*[0-9]){8,15}[^0-9]*$)\+?[0-9][0-9 -]*[0-9]$/;

export const phone = withHelp(
  z
    .string({ error: 'expected a phone number as text, for example "+91 00000 10001"' })
    .trim()
    .regex(PHONE_PATTERN, { error: PHONE_MESSAGE }),
  {
    description: 'A phone number, in quotes: "+91 00000 10001"',
    errorMessage: PHONE_MESSAGE,
    examples: ['+91 00000 10001'],
  },
);

const EMAIL_MESSAGE = 'expected an e-mail address, for example "secretary@example.org"';

export const email = withHelp(z.email({ error: EMAIL_MESSAGE }), {
  description: 'An e-mail address, such as secretary@example.org',
  errorMessage: EMAIL_MESSAGE,
});

/** An optional e-mail that may also be written as an empty string (the original data does so). */
export const optionalEmail = withHelp(
  z
    .union([z.literal(''), email], {
      error: 'expected an e-mail address such as "secretary@example.org", or leave it empty',
    })
    .optional()
    .transform((value) => (value ? value : undefined)),
  { description: 'An e-mail address, or "" when there is none' },
);

const WEB_URL_MESSAGE =
  'expected a full web address starting with https://, for example "https://www.example.org/page"';

export const webUrl = withHelp(z.url({ protocol: /^https?$/, error: WEB_URL_MESSAGE }), {
  description: 'A full web address starting with https://',
  pattern: '^https?://',
  errorMessage: WEB_URL_MESSAGE,
});

const TIME_MESSAGE = 'expected a time of day in India written hours:minutes on the 24-hour clock, for example "18:30"';

/** A time of day in India (IST), "18:30", as the webinar forms take it. */
export const INDIA_TIME_PATTERN = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;

export const indiaTime = withHelp(
  z.string({ error: TIME_MESSAGE }).trim().regex(INDIA_TIME_PATTERN, { error: TIME_MESSAGE }),
  {
    description: 'A time of day in India (IST), hours:minutes on the 24-hour clock, like "18:30"',
    errorMessage: TIME_MESSAGE,
    examples: ['18:30'],
  },
);

/** A link inside this site, such as "/" or "/branches". */
const sitePath = withHelp(
  z.string({ error: 'expected a path on this site, for example "/branches"' }).regex(/^\/[A-Za-z0-9\-/#_.]*$/, {
    error: 'expected a path on this site starting with "/", for example "/branches"',
  }),
  {
    description: 'A page of this site, starting with "/", such as "/branches"',
    errorMessage: 'expected a path on this site starting with "/", for example "/branches"',
  },
);

/** A link that is either a full web address or a path on this site. */
export const link = withHelp(
  z.union([webUrl, sitePath], {
    error: 'expected a full web address (https://...) or a path on this site starting with "/"',
  }),
  { description: 'A full web address (https://...) or a page of this site starting with "/"' },
);

const DATE_MESSAGE =
  'expected a real date written year-month-day, for example "2025-03-14" (the forms\' date picker writes it so)';

/**
 * A date, stored as the forms' date picker writes it ("2025-03-14") and read as pages show it:
 * "14 - March - 2025" (webinars, the privacy notice) or "18.12.2020" (the conclave links).
 */
function storedDate(style: 'webinar' | 'dotted') {
  return withHelp(
    z
      .string({ error: 'expected a date written like "2025-03-14"' })
      .trim()
      .refine((value) => displayDate(value, style) !== undefined, { error: DATE_MESSAGE })
      .transform((value) => displayDate(value, style) ?? value),
    {
      description: 'A date written year-month-day, like "2025-03-14"',
      // The pattern cannot know how many days a month has: "2025-04-31" passes it.
      pattern: '^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$',
      errorMessage: DATE_MESSAGE,
      examples: ['2025-03-14'],
    },
  );
}

/** A webinar date: "2025-03-14" in the file, "14 - March - 2025" on the page. */
export const webinarDate = storedDate('webinar');

/** A conclave link date: "2020-12-18" in the file, "18.12.2020" on the page. */
export const dottedDate = storedDate('dotted');

export const year = withHelp(
  z
    .number({ error: 'expected a year as a number, for example 1974' })
    .int({ error: 'expected a whole year, for example 1974' })
    .min(1900, { error: 'expected a year after 1900' })
    .max(2100, { error: 'expected a year before 2100' }),
  { description: 'A year, such as 1974', examples: [1974] },
);

/** The file of a video under public/, referenced from the site root: "/media/sports-meet.mp4". */
export const PUBLIC_FILE_PATTERN = /^\/[A-Za-z0-9\-/_.]+$/;

export const publicFile = withHelp(
  z
    .string({ error: 'expected the path of a file in the public folder, for example "/media/sports-meet.mp4"' })
    .regex(PUBLIC_FILE_PATTERN, {
      error:
        'expected the path of a file in the public folder, starting with "/", for example "/media/sports-meet.mp4"',
    }),
  {
    description: 'A file in the public folder, written from the site root: "/media/sports-meet.mp4"',
    errorMessage:
      'expected the path of a file in the public folder, starting with "/", for example "/media/sports-meet.mp4"',
  },
);

/** A YouTube video id: the part after "v=" in a watch link. */
export const youtubeId = withHelp(
  z.string({ error: 'expected a YouTube video id, for example "aBcDeFgHiJk"' }).regex(/^[A-Za-z0-9_-]{11}$/, {
    error: 'expected a YouTube video id of 11 letters, digits, "-" or "_" (the part after "v=" in the link)',
  }),
  {
    description: 'A YouTube video id: the 11 characters after "v=" in the link',
    errorMessage: 'expected a YouTube video id of 11 letters, digits, "-" or "_" (the part after "v=" in the link)',
  },
);

export const PHOTO_PATH_MESSAGE = `expected the path of a .${IMAGE_EXTENSIONS.join(', .')} photo starting with "./" or "../" (relative to this file), for example "./photos/bearers/state/president.jpg"`;

/** Editor help for a photo path; whether the file exists and its size only `npm run check:content` knows. */
export const PHOTO_PATH_HELP: EditorHelp = {
  description:
    'A photo, written from this file: "./photos/..." in content/, "../photos/..." in branches/ and galleries/',
  // Extensions in either case, as the check accepts them: [jJ][pP][gG] and so on.
  pattern: `^\\.\\.?/.+\\.(?:${IMAGE_EXTENSIONS.map((extension) =>
    [...extension].map((letter) => `[${letter}${letter.toUpperCase()}]`).join(''),
  ).join('|')})$`,
  errorMessage: PHOTO_PATH_MESSAGE,
};
