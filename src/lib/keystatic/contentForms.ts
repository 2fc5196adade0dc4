/**
 * The forms of the content editor: one per content file of src/lib/content/contentFiles.ts, by
 * its collection (the home page's in homeForm.ts, the lists' in listForms.ts), with the same fields
 * as the zod schemas of src/lib/content/schemas.ts (tests/unit/keystatic/formParity.test.ts keeps
 * the two in step). Where each file is, and whether it is one file or a folder of them, comes from
 * contentFiles.ts. Keystatic reads and writes the YAML files themselves, in the format of
 * formsFormat.ts. What the files' comments said is in the forms' descriptions: the forms drop
 * comments at every save. The pull request's summary (scripts/content/contentSummary.ts) walks
 * these forms too, and names each change by their labels.
 */
import { fields, type Collection, type ComponentSchema, type Singleton } from '@keystatic/core';
import { CONTENT_SOURCES, MILESTONE_COUNT, type ContentFile } from '../content/contentFiles.ts';
import {
  type FileForm,
  type FolderForm,
  dateField,
  emailField,
  groupList,
  linkField,
  optionalText,
  phoneField,
  photoField,
  photoWithAlt,
  requiredText,
  textList,
  videoWithPoster,
  webAddress,
} from './formFields.ts';
import { home } from './homeForm.ts';
import { branches, stateBearers, webinars } from './listForms.ts';

const SOCIAL_ICONS = ['youtube', 'facebook', 'instagram', 'x', 'linkedin'] as const;

const site = {
  label: "The site's details",
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
    shareImage: photoWithAlt(
      'sharing picture',
      'share',
      '.',
      'The picture shown when a page is shared on social media or in messaging apps',
    ),
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
      { label: 'Head office', description: 'The card of the Contact Us page' },
    ),
    social: groupList(
      {
        label: requiredText('Name of the social network'),
        url: linkField('Link'),
        icon: fields.select({
          label: 'Icon',
          options: SOCIAL_ICONS.map((icon) => ({ label: icon, value: icon })),
          defaultValue: 'youtube',
        }),
      },
      {
        label: 'Social links',
        description: 'In the footer of every page',
        itemLabel: (props) => props.fields.label.value,
      },
    ),
    footerBranches: textList('Branches listed in the footer', 'Branch'),
    activityPlaces: textList(
      'Places of the Monthly Activities filter (the first is chosen at first)',
      'Place',
      false,
      "In menu order. An event is listed under a place when its title contains the place's name.",
    ),
    designer: fields.object(
      { name: requiredText("Designer's name"), url: linkField('Link') },
      { label: 'Designer', description: 'Credited in the footer' },
    ),
  },
} satisfies FileForm;

const privacy = {
  label: 'Privacy notice',
  schema: {
    title: requiredText('Page title'),
    description: requiredText('Summary for search engines', 'One sentence', true),
    updated: dateField('Last updated', 'Change it when you change the wording'),
    sections: groupList(
      {
        heading: requiredText('Heading'),
        paragraphs: textList(
          'Paragraphs ("{retention}" is replaced by how long messages are kept, "{email}" by the address)',
          'Paragraph',
          true,
        ),
      },
      {
        label: 'Sections',
        description:
          'The page /privacy, linked under the contact form and from the footer. India\'s Digital Personal Data Protection Act 2023 asks us to say what we collect, why, and how long we keep it: change the wording freely, but keep "{retention}".',
        itemLabel: (props) => props.fields.heading.value,
      },
    ),
  },
} satisfies FileForm;

const conclave = {
  label: 'Conclave links',
  schema: {
    title: requiredText('Title'),
    halls: groupList(
      {
        name: requiredText('Hall', 'For example "Hall A"'),
        links: fields.array(fields.object({ date: dateField('Date'), url: webAddress('Video address') }), {
          label: 'Video links',
          itemLabel: (props) => props.fields.date.value ?? 'Link',
          validation: { length: { min: 1 } },
        }),
      },
      {
        label: 'Halls',
        description:
          'The 2020 conclave on the Past Webinars page: its video links, grouped by hall; each opens its recording in a new tab',
        itemLabel: (props) => props.fields.name.value,
      },
    ),
  },
} satisfies FileForm;

const milestones = {
  label: 'Milestones',
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
        label: `Milestones (exactly ${MILESTONE_COUNT}, oldest first)`,
        itemLabel: (props) => `${props.fields.year.value ?? ''} ${props.fields.text.value}`,
        validation: { length: { min: MILESTONE_COUNT, max: MILESTONE_COUNT } },
      },
    ),
  },
} satisfies FileForm;

const galleries = {
  label: 'Galleries',
  slugField: 'title',
  columns: ['subtitle'],
  schema: {
    title: fields.slug({
      name: { label: 'Title', validation: { isRequired: true } },
      slug: { hidden: true, label: 'The file name made from it' },
    }),
    subtitle: optionalText('Sub-title', 'Shown on the fixed card of the Monthly Activities page, if any'),
    items: groupList(
      {
        type: fields.select({
          label: 'Photo or video',
          options: [
            { label: 'Photo', value: 'image' },
            { label: 'Video', value: 'video' },
          ],
          defaultValue: 'image',
        }),
        image: photoField('Photo (for a photo)', 'gallery', '..', false),
        ...videoWithPoster('..', false, ' (for a video)'),
        alt: requiredText('What it shows, for visitors who cannot see it'),
      },
      {
        label: 'Photos and videos',
        description:
          'The sports meet gallery (the Gallery page) has three photos and a video; the cricket tournament (/event-22) its photos',
        itemLabel: (props) => props.fields.alt.value,
      },
    ),
  },
} satisfies FolderForm;

/** Every content file's form, by its collection: one missing here, or of the wrong kind, does not compile. */
export const FORMS = {
  site,
  home,
  privacy,
  webinars,
  conclave,
  stateBearers,
  milestones,
  branches,
  galleries,
} satisfies {
  [Source in ContentFile as Source['collection']]: Source['shape'] extends 'folder' ? FolderForm : FileForm;
};

type Single = Singleton<Record<string, ComponentSchema>>;
type Folder = Collection<Record<string, ComponentSchema>, string>;
/** The collections of the files of some shapes. */
type Named<Shape, Form> = Record<Extract<ContentFile, { shape: Shape }>['collection'], Form>;
const format = { data: 'yaml' } as const;

// Each form where its file is (contentFiles.ts). Object.fromEntries cannot know the keys: the types say them.
export const singletons = Object.fromEntries(
  CONTENT_SOURCES.filter((source) => source.shape !== 'folder').map((source): [string, Single] => [
    source.collection,
    { ...FORMS[source.collection], path: source.path.replace(/\.yaml$/, ''), format },
  ]),
) as Named<'single' | 'list', Single>;

export const collections = Object.fromEntries(
  CONTENT_SOURCES.filter((source) => source.shape === 'folder').map((source): [string, Folder] => [
    source.collection,
    { ...FORMS[source.collection], path: `${source.path}/*` as const, format },
  ]),
) as Named<'folder', Folder>;
