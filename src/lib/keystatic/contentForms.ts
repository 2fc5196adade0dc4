/**
 * The forms of the content editor: one per content file of src/lib/content/contentFiles.ts, with
 * the same fields as the zod schemas of src/lib/content/schemas.ts (tests/unit/keystatic/
 * formParity.test.ts keeps the two in step). Keystatic reads and writes the YAML files themselves.
 */
import { collection, fields, singleton } from '@keystatic/core';
import {
  dateField,
  emailField,
  linkField,
  optionalText,
  phoneField,
  photoField,
  photoWithAlt,
  publicFileField,
  requiredText,
  textList,
  webAddress,
  wholeNumber,
} from './formFields.ts';
import { branches, stateBearers, webinars } from './listForms.ts';

const yaml = { data: 'yaml' } as const;
const SOCIAL_ICONS = ['youtube', 'facebook', 'instagram', 'x', 'linkedin'] as const;

const site = singleton({
  label: "The site's details",
  path: 'content/site',
  format: yaml,
  schema: {
    name: requiredText('Society name'),
    chapterName: requiredText('Chapter name'),
    product: requiredText('Short name used in headings', 'Such as "ISA TN"'),
    description: requiredText('Description for search engines', 'One sentence', true),
    logos: fields.array(photoWithAlt('logo', 'logos'), {
      label: 'Logos',
      itemLabel: (props) => props.fields.alt.value || 'Logo',
      validation: { length: { min: 1 } },
    }),
    shareImage: photoWithAlt('sharing picture', 'share'),
    contact: fields.object(
      { phone: phoneField('Phone', true), email: emailField('E-mail', true) },
      { label: 'Contact' },
    ),
    headOffice: fields.object(
      {
        title: requiredText('Card title'),
        name: requiredText('Building or hospital'),
        addressLines: textList('Address', 'Address line'),
        phone: phoneField('Phone', true),
        email: emailField('E-mail', true),
        mapEmbedUrl: webAddress('Map shown on the page (embed address)'),
        mapLinkUrl: webAddress('Map link'),
      },
      { label: 'Head office' },
    ),
    social: fields.array(
      fields.object({
        label: requiredText('Name of the social network'),
        url: linkField('Link'),
        icon: fields.select({
          label: 'Icon',
          options: SOCIAL_ICONS.map((icon) => ({ label: icon, value: icon })),
          defaultValue: 'youtube',
        }),
      }),
      { label: 'Social links', itemLabel: (props) => props.fields.label.value, validation: { length: { min: 1 } } },
    ),
    footerBranches: textList('Branches listed in the footer', 'Branch'),
    activityPlaces: textList('Places of the Monthly Activities filter (the first is chosen at first)', 'Place'),
    designer: fields.object({ name: requiredText("Designer's name"), url: linkField('Link') }, { label: 'Designer' }),
  },
});

const slides = (what: string, folder: string, extra: Record<string, ReturnType<typeof requiredText>> = {}) =>
  fields.array(fields.object({ ...photoWithAlt(what, folder).fields, ...extra }), {
    label: `${what[0]?.toUpperCase() ?? ''}${what.slice(1)}s (exactly 3)`,
    itemLabel: (props) => props.fields.alt.value || what,
    validation: { length: { min: 3, max: 3 } },
  });

const home = singleton({
  label: 'Home page texts',
  path: 'content/home',
  format: yaml,
  schema: {
    pageTitle: requiredText('Page title', 'Shown in the browser tab and search results, for example "Home"'),
    banner: fields.object(
      {
        title: requiredText('Welcome title'),
        intro: requiredText('Welcome text', undefined, true),
        carouselLabel: requiredText('What the pictures show, read out by screen readers'),
        slides: slides('banner picture', 'banner'),
      },
      { label: 'Banner' },
    ),
    about: fields.object(
      { title: requiredText('Title'), paragraphs: textList('Paragraphs', 'Paragraph', true) },
      { label: 'About' },
    ),
    webinars: fields.object(
      {
        title: requiredText(
          'Title',
          '"{product}" is replaced by the short name and "{year}" by the year of the newest webinar on the home page; a year typed instead stays as typed. Choose the four webinars under Webinars.',
        ),
        viewAllLabel: requiredText('Label of the View All button'),
        watchLabel: requiredText('Label of the link to each video'),
      },
      { label: 'Webinars section (the webinars themselves are under Webinars)' },
    ),
    milestones: fields.object({ title: requiredText('Heading') }, { label: 'Milestones section' }),
    activities: fields.object(
      {
        title: requiredText('Title'),
        carouselLabel: requiredText('What the photos show, read out by screen readers'),
        viewMoreLabel: requiredText('Label of the View more link'),
        slides: slides('activity photo', 'activities', { caption: requiredText('Caption') }),
      },
      { label: 'Monthly activities' },
    ),
    awareness: fields.object(
      {
        title: requiredText('Title'),
        paragraphs: textList('Paragraphs', 'Paragraph', true),
        thumbnail: photoWithAlt('song thumbnail', 'awareness'),
        videoTitle: requiredText('Title of the song video'),
        youtubeId: fields.text({
          label: 'YouTube video id',
          description: 'The 11 characters after "v=" in the link',
          validation: {
            isRequired: true,
            pattern: { regex: /^[A-Za-z0-9_-]{11}$/, message: 'Write the 11 characters after "v=" in the link' },
          },
        }),
        startSeconds: wholeNumber('Start at (seconds)', 'For example 7', { min: 0 }),
      },
      { label: 'Public awareness' },
    ),
    upcoming: fields.object(
      {
        title: requiredText('Title'),
        text: requiredText('Text', undefined, true),
        registerLabel: requiredText('Label of the registration button'),
        registerUrl: webAddress('Registration address'),
        galleryLabel: requiredText('Label of the gallery button'),
      },
      { label: 'Upcoming events' },
    ),
    sportsMeet: fields.object(
      {
        title: requiredText('Heading'),
        video: publicFileField('Video', true),
        poster: photoField('Picture shown before the video plays', 'gallery', '.'),
        videoTitle: requiredText('Description of the video'),
      },
      { label: 'Sports meet' },
    ),
  },
});

const privacy = singleton({
  label: 'Privacy notice',
  path: 'content/privacy',
  format: yaml,
  schema: {
    title: requiredText('Page title'),
    description: requiredText('Summary for search engines', 'One sentence', true),
    updated: dateField('Last updated'),
    sections: fields.array(
      fields.object({
        heading: requiredText('Heading'),
        paragraphs: textList(
          'Paragraphs ("{retention}" is replaced by how long messages are kept, "{email}" by the address)',
          'Paragraph',
          true,
        ),
      }),
      { label: 'Sections', itemLabel: (props) => props.fields.heading.value, validation: { length: { min: 1 } } },
    ),
  },
});

const conclave = singleton({
  label: 'Conclave links',
  path: 'content/conclave',
  format: yaml,
  schema: {
    title: requiredText('Title'),
    halls: fields.array(
      fields.object({
        name: requiredText('Hall', 'For example "Hall A"'),
        links: fields.array(fields.object({ date: dateField('Date'), url: webAddress('Video address') }), {
          label: 'Video links',
          itemLabel: (props) => props.fields.date.value ?? 'Link',
          validation: { length: { min: 1 } },
        }),
      }),
      { label: 'Halls', itemLabel: (props) => props.fields.name.value, validation: { length: { min: 1 } } },
    ),
  },
});

const milestones = singleton({
  label: 'Milestones',
  path: 'content/milestones',
  format: yaml,
  schema: {
    milestones: fields.array(
      fields.object({
        year: fields.integer({
          label: 'Year',
          description: 'Leave empty when a milestone has no single year',
          validation: { min: 1900, max: 2100 },
        }),
        text: requiredText('What happened'),
      }),
      {
        label: 'Milestones (exactly 5, oldest first)',
        itemLabel: (props) => `${props.fields.year.value ?? ''} ${props.fields.text.value}`,
        validation: { length: { min: 5, max: 5 } },
      },
    ),
  },
});

const galleries = collection({
  label: 'Galleries',
  path: 'content/galleries/*',
  slugField: 'title',
  columns: ['subtitle'],
  format: yaml,
  schema: {
    title: fields.slug({
      name: { label: 'Title', validation: { isRequired: true } },
      slug: { hidden: true, label: 'The file name made from it' },
    }),
    subtitle: optionalText('Sub-title', 'Shown on the fixed card of the Monthly Activities page, if any'),
    items: fields.array(
      fields.object({
        type: fields.select({
          label: 'Photo or video',
          options: [
            { label: 'Photo', value: 'image' },
            { label: 'Video', value: 'video' },
          ],
          defaultValue: 'image',
        }),
        image: photoField('Photo (for a photo)', 'gallery', '..', false),
        video: publicFileField('Video file (for a video)', false),
        poster: photoField('Picture shown before the video plays (for a video)', 'gallery', '..', false),
        alt: requiredText('What it shows, for visitors who cannot see it'),
      }),
      { label: 'Photos and videos', itemLabel: (props) => props.fields.alt.value, validation: { length: { min: 1 } } },
    ),
  },
});

export const collections = { branches, galleries };

export const singletons = { site, home, privacy, webinars, conclave, stateBearers, milestones };
