/**
 * The form fields of the content editor (Keystatic at /keystatic), one builder per field type of
 * src/lib/content/fields.ts, with the same rules wherever a form can check them while staff type:
 * required text, phone numbers, e-mail and web addresses, dates from a date picker, photos.
 * What a form cannot check (exactly four home webinars, unique ids, photo sizes, real dates typed
 * by hand) stays in `npm run check:content`, which runs on every pull request.
 * tests/unit/keystatic/formParity.test.ts fails when a zod field has no form field or the reverse.
 */
import {
  fields,
  type Collection,
  type ComponentSchema,
  type GenericPreviewProps,
  type ObjectField,
} from '@keystatic/core';
import { INDIA_TIME_PATTERN, PHONE_PATTERN, PUBLIC_FILE_PATTERN } from '../content/fields.ts';

/** A content file's form (contentForms.ts): its name in the editor's sidebar and its fields. */
export type FileForm = Pick<Collection<Record<string, ComponentSchema>, string>, 'label' | 'schema'>;
/** A folder's: also the field its files are named from, and the columns of its list. */
export type FolderForm = FileForm &
  Required<Pick<Collection<Record<string, ComponentSchema>, string>, 'slugField' | 'columns'>>;

/** Text that must not be empty; `multiline` for paragraphs. */
export function requiredText(label: string, description?: string, multiline = false) {
  return fields.text({
    label,
    ...(description ? { description } : {}),
    multiline,
    validation: { isRequired: true },
  });
}

/** Text that may be left empty: it is then left out of the file. */
export function optionalText(label: string, description?: string) {
  return fields.text({ label, ...(description ? { description } : {}) });
}

const PHONE_MESSAGE = 'Write 8 to 15 digits; spaces, hyphens and a leading + are allowed, for example +91 00000 10001';
// A plain shape of an e-mail address (the check then applies zod's stricter rule).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MESSAGE = 'Write an e-mail address, for example secretary@example.org';

/** An optional field's pattern also accepts nothing (Keystatic tests the pattern on empty text too). */
function orEmpty(regex: RegExp, isRequired: boolean): RegExp {
  return isRequired ? regex : new RegExp(`^(?:${regex.source})?$`);
}

export function phoneField(label: string, isRequired: boolean) {
  return fields.text({
    label,
    description: isRequired
      ? 'For example +91 00000 10001'
      : 'For example +91 00000 10001; leave empty when there is none',
    validation: { isRequired, pattern: { regex: orEmpty(PHONE_PATTERN, isRequired), message: PHONE_MESSAGE } },
  });
}

export function emailField(label: string, isRequired: boolean) {
  return fields.text({
    label,
    description: isRequired ? 'For example secretary@example.org' : 'Leave empty when there is none',
    validation: { isRequired, pattern: { regex: orEmpty(EMAIL, isRequired), message: EMAIL_MESSAGE } },
  });
}

/** A webinar's optional start time in India, "18:30" (the schema's indiaTime). */
export function webinarTimeField() {
  return fields.text({
    label: 'Start time (IST)',
    description: 'For a coming webinar: when it starts in India, like 18:30; leave empty when not known',
    validation: {
      isRequired: false,
      pattern: {
        regex: orEmpty(INDIA_TIME_PATTERN, false),
        message: 'Write the time as hours:minutes on the 24-hour clock, for example 18:30',
      },
    },
  });
}

/** A webinar's optional joining link, a full web address (https://...); left out of the file when empty. */
export function joiningLinkField() {
  return fields.text({
    label: 'Joining link',
    description: 'For a coming webinar: where members join it live (https://...); leave empty when there is none',
    validation: {
      isRequired: false,
      pattern: {
        regex: orEmpty(/^https?:\/\/\S+$/, false),
        message: 'Write a full web address starting with https://',
      },
    },
  });
}

/** A full web address (https://...). */
export function webAddress(label: string, description?: string) {
  return fields.url({ label, ...(description ? { description } : {}), validation: { isRequired: true } });
}

/** A full web address or a page of this site ("/branches"). */
export function linkField(label: string) {
  return fields.text({
    label,
    description: 'A full web address (https://...) or a page of this site starting with "/", such as /branches',
    validation: {
      isRequired: true,
      pattern: {
        regex: /^(?:https?:\/\/\S+|\/[A-Za-z0-9\-/#_.]*)$/,
        message: 'Write a full web address starting with https:// or a page of this site starting with /',
      },
    },
  });
}

/** A date from the date picker, stored as "2025-03-14"; pages show it as docs/SPEC.md writes dates. */
export function dateField(label: string, description?: string) {
  return fields.date({ label, ...(description ? { description } : {}), validation: { isRequired: true } });
}

/** A whole number, such as an order or an id. */
export function wholeNumber(label: string, description: string, validation: { min?: number; max?: number } = {}) {
  return fields.integer({ label, description, validation: { isRequired: true, ...validation } });
}

/** A file under public/, written from the site root: "/media/sports-meet.mp4". */
function publicFileField(label: string, isRequired: boolean) {
  return fields.text({
    label,
    description: 'A file in the public folder, written from the site root: /media/sports-meet.mp4',
    validation: {
      isRequired,
      pattern: {
        regex: orEmpty(PUBLIC_FILE_PATTERN, isRequired),
        message: 'Write the path of a file in the public folder, starting with /, for example /media/sports-meet.mp4',
      },
    },
  });
}

/**
 * The name a photo uploaded through the form is saved under: the phone's file name in lower case
 * letters, digits and hyphens, made unique with the time of the upload (two phones both name a
 * photo IMG_0001.jpg), with its extension.
 */
export function uploadName(original: string, now = Date.now()): string {
  const extension = (/\.([A-Za-z0-9]+)$/.exec(original)?.[1] ?? 'jpg').toLowerCase().replace(/^jpeg$/, 'jpg');
  const stem =
    original
      .replace(/\.[A-Za-z0-9]+$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'photo';
  return `${stem}-${now.toString(36)}.${extension}`;
}

/**
 * A photo uploaded through the form, saved in `folder` (under content/photos/) in the same commit
 * as the text. `fromFile` is how the YAML file reaches content/: "." for content/*.yaml, ".." for
 * content/branches/ and content/galleries/ (whose photos go in a folder named after the file).
 *
 * A photo keeps its name when the entry is saved: Keystatic's image field names every photo of a
 * form after its place in the form ("bearers/0/image.jpg", its `suggestedFilenamePrefix`), which
 * renamed every photo of a list at each save and broke photos shared by two entries. This field
 * serializes with the photo's own name instead (its `filename`: the stored name, or uploadName()
 * of a new upload, which Keystatic's `transformFilename` gives it).
 */
export function photoField(label: string, folder: string, fromFile: '.' | '..', isRequired = true) {
  const field = fields.image({
    label,
    description: `A photo straight from a phone is fine: it is turned upright, stripped of where it was taken and made the size the page needs (by the build, or on a pull request by its "Fit photos" check).${isRequired ? '' : ' Without a photo, the page shows a generic picture.'}`,
    directory: `content/photos/${folder}`,
    publicPath: `${fromFile}/photos/${folder}/`,
    validation: { isRequired },
    transformFilename: (original) => uploadName(original),
  });
  return {
    ...field,
    serialize: (value: Parameters<typeof field.serialize>[0], args: Parameters<typeof field.serialize>[1]) =>
      field.serialize(value, { ...args, suggestedFilenamePrefix: undefined }),
  };
}

/** A photo and what it shows, for visitors who cannot see it (the zod `photo()` of schemas.ts). */
export function photoWithAlt(what: string, folder: string, fromFile: '.' | '..' = '.', description?: string) {
  return fields.object(
    {
      image: photoField(`The ${what}`, folder, fromFile),
      alt: requiredText('What it shows', `What the ${what} shows, in a short sentence, for visitors who cannot see it`),
    },
    { label: `The ${what}`, ...(description ? { description } : {}) },
  );
}

/**
 * A video file under public/ and the picture shown before it plays, a photo saved with the
 * gallery's: the home page's sports meet video and a gallery's videos. `labelEnd` follows both
 * labels (" (for a video)" where an entry may be a photo instead).
 */
export function videoWithPoster(fromFile: '.' | '..', isRequired: boolean, labelEnd = '') {
  return {
    video: publicFileField(`Video file${labelEnd}`, isRequired),
    poster: photoField(`Picture shown before the video plays${labelEnd}`, 'gallery', fromFile, isRequired),
  };
}

/** A list of text lines (paragraphs, address lines) with at least one. */
export function textList(label: string, itemLabel: string, multiline = false, description?: string) {
  return fields.array(requiredText(itemLabel, undefined, multiline), {
    label,
    ...(description ? { description } : {}),
    itemLabel: (props) => props.value || itemLabel,
    validation: { length: { min: 1 } },
  });
}

/** A list of groups of fields (sections, halls, photos) with at least one, each named in the list by `itemLabel`. */
export function groupList<Fields extends Record<string, ComponentSchema>>(
  entry: Fields,
  options: {
    label: string;
    description: string;
    itemLabel: (props: GenericPreviewProps<ObjectField<Fields>, unknown>) => string;
  },
) {
  return fields.array(fields.object(entry), { ...options, validation: { length: { min: 1 } } });
}
