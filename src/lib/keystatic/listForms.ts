/**
 * The forms of the content files that are lists of people or webinars: the webinars (and which
 * four are on the home page), the state office bearers and the branches. A list shows each entry
 * by its name or title, and marks the webinars on the home page.
 */
import { fields } from '@keystatic/core';
import { HOME_WEBINAR_COUNT } from '../content/contentFiles.ts';
import { STATE_OFFICES } from '../content/schemas.ts';
import {
  type FileForm,
  type FolderForm,
  dateField,
  emailField,
  joiningLinkField,
  phoneField,
  photoField,
  requiredText,
  webAddress,
  webinarTimeField,
  wholeNumber,
} from './formFields.ts';

/**
 * The rule of the webinars list the form applies at save (a list rule of the patched Keystatic,
 * patches/README.md): exactly four ticked for the home page. A message naming what to change, or
 * undefined when the list keeps it.
 */
export function homeWebinarsMessage(webinars: readonly { showOnHome?: unknown; title?: unknown }[]) {
  const ticked = webinars.filter((webinar) => webinar.showOnHome === true);
  if (ticked.length === HOME_WEBINAR_COUNT) return undefined;
  const titles = ticked.map((webinar) => `"${String(webinar.title)}"`).join(', ');
  return ticked.length > HOME_WEBINAR_COUNT
    ? `The home page shows exactly ${HOME_WEBINAR_COUNT} webinars, and ${ticked.length} are ticked (${titles}): untick "Show on the home page" on ${ticked.length - HOME_WEBINAR_COUNT} of them.`
    : `The home page shows exactly ${HOME_WEBINAR_COUNT} webinars, and ${ticked.length} are ticked${titles ? ` (${titles})` : ''}: tick "Show on the home page" on ${HOME_WEBINAR_COUNT - ticked.length} more.`;
}

export const webinars = {
  label: 'Webinars',
  schema: {
    webinars: fields.array(
      fields.object({
        image: photoField('Picture', 'webinars', '.'),
        date: dateField(
          'Date',
          'Past Webinars shows it under the year of this date; a date after today makes it a coming webinar',
        ),
        host: requiredText('Host', 'For example "Hosted by Madurai branch"'),
        shortTitle: requiredText('Short title for the home page card'),
        title: requiredText('Title'),
        videoUrl: webAddress(
          'Video address',
          'Its recording (for a webinar to come, where it will be); each webinar has its own',
        ),
        time: webinarTimeField(),
        joinUrl: joiningLinkField(),
        showOnHome: fields.checkbox({
          label: 'Show on the home page',
          description: `Exactly ${HOME_WEBINAR_COUNT} webinars are shown on the home page: untick one when you tick another`,
        }),
      }),
      {
        label: `Webinars (the ${HOME_WEBINAR_COUNT} marked "On the home page" are its cards)`,
        description:
          'Newest first. A webinar dated after today is listed under "Coming up" on the home page, with its start time and joining link where known, until its day has passed; then Past Webinars shows it.',
        itemLabel: (props) =>
          `${props.fields.showOnHome.value ? 'On the home page · ' : ''}${props.fields.date.value ?? ''} ${props.fields.title.value}`,
        validation: { items: (items) => homeWebinarsMessage(items as { showOnHome?: unknown; title?: unknown }[]) },
      },
    ),
  },
} satisfies FileForm;

export const stateBearers = {
  label: 'State office bearers',
  schema: {
    bearers: fields.array(
      fields.object({
        image: photoField('Photo', 'bearers/state', '.', false),
        name: requiredText('Name'),
        title: fields.select({
          label: 'Office',
          description: 'The six bearers are listed in this order',
          options: STATE_OFFICES.map((office) => ({ label: office, value: office })),
          defaultValue: 'President',
        }),
        phone1: phoneField('Phone', true),
        phone2: phoneField('Second phone', false),
        email1: emailField('E-mail', true),
        email2: emailField('Second e-mail', false),
      }),
      {
        label: 'The six bearers, in the order of the offices',
        description: 'As the Office Bearers page shows them, the President first',
        itemLabel: (props) => `${props.fields.title.value}: ${props.fields.name.value}`,
        validation: { length: { min: STATE_OFFICES.length, max: STATE_OFFICES.length } },
      },
    ),
  },
} satisfies FileForm;

export const branches = {
  label: 'Branches',
  slugField: 'city',
  // The list reads each branch for this column, and then names the branches by their cities.
  columns: ['order'],
  schema: {
    // The file name is made from the city and never asked (hidden: patches/README.md).
    city: fields.slug({
      name: { label: 'City', validation: { isRequired: true } },
      slug: { hidden: true, label: 'The file name made from it' },
    }),
    order: wholeNumber('Place on the Branches page', '1 is first'),
    bearers: fields.array(
      fields.object({
        name: requiredText('Name'),
        position: requiredText('Position', 'For example "Secretary"'),
        image: photoField('Photo', 'bearers/branches', '..', false),
        phone: phoneField('Phone', true),
        email: emailField('E-mail', false),
        email2: emailField('Second e-mail', false),
      }),
      {
        label: 'Bearers (3 to 5)',
        description: 'Shown one at a time on the Branches page, the first first',
        itemLabel: (props) => `${props.fields.position.value}: ${props.fields.name.value}`,
        validation: { length: { min: 3, max: 5 } },
      },
    ),
  },
} satisfies FolderForm;
