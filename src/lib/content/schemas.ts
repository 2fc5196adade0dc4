/**
 * The shape of every content file under content/. The same schemas serve the Astro build
 * (src/content.config.ts, where `image` is Astro's image() helper) and `npm run check:content`
 * (scripts/check-content.ts, where `image` checks that the photo file exists).
 */
import { z } from 'zod';
import {
  dottedDate,
  email,
  link,
  optionalEmail,
  phone,
  publicFile,
  text,
  indiaTime,
  webinarDate,
  webUrl,
  withHelp,
  year,
  youtubeId,
} from './fields.ts';

/** In the privacy notice, replaced by how long contact messages are kept. */
export const RETENTION_PLACEHOLDER = '{retention}';

/** The six state offices, in the order the Office Bearers page shows them (docs/SPEC.md point 2). */
export const STATE_OFFICES = [
  'President',
  'President Elect',
  'Hon. Secretary',
  'Hon. Treasurer',
  'Academic Chairman',
  'Chief Election Officer',
] as const;

/** A branch group shows at most five bearers (docs/SPEC.md point 4). */
const MAX_BRANCH_BEARERS = 5;

/** Builds the schema of an image field: a path to a photo, relative to the YAML file. */
export type ImageField<Schema extends z.ZodType = z.ZodType> = () => Schema;

export function createSchemas<ImageSchema extends z.ZodType>(image: ImageField<ImageSchema>) {
  const photo = (what: string) =>
    z.strictObject(
      {
        image: image(),
        alt: withHelp(z.string({ error: `expected a description of the ${what} for blind visitors ("alt")` }).trim(), {
          description: `What the ${what} shows, in a short sentence, for visitors who cannot see it`,
        }),
      },
      { error: `expected a ${what} with "image" and "alt"` },
    );

  const site = z.strictObject({
    name: text('the society name'),
    chapterName: text('the chapter name'),
    product: text('the short name used in headings, such as "ISA TN"'),
    description: text('a one-sentence description of the site for search engines'),
    logos: z.array(photo('logo')).min(1, { error: 'expected at least one logo' }),
    /** The picture shown when a page is shared on social media or in messaging apps. */
    shareImage: photo('sharing picture'),
    contact: z.strictObject({ phone, email }),
    headOffice: z.strictObject({
      title: text('the head office card title'),
      name: text('the name of the building or hospital'),
      addressLines: z.array(text('an address line')).min(1, { error: 'expected at least one address line' }),
      phone,
      email,
      mapEmbedUrl: webUrl,
      mapLinkUrl: webUrl,
    }),
    social: z
      .array(
        z.strictObject({
          label: text('the name of the social network'),
          url: link,
          icon: z.enum(['youtube', 'facebook', 'instagram', 'x', 'linkedin'], {
            error: 'expected one of the icons youtube, facebook, instagram, x or linkedin',
          }),
        }),
      )
      .min(1, { error: 'expected at least one social link' }),
    footerBranches: z
      .array(text('a branch name'))
      .min(1, { error: 'expected at least one branch for the footer list' }),
    /** The places of the Monthly Activities filter, matched in event titles; the first is chosen at first. */
    activityPlaces: z
      .array(text('a place, such as "Salem"'))
      .min(1, { error: 'expected at least one place for the Monthly Activities filter, such as "Tamil Nadu"' })
      .refine((places) => new Set(places.map((place) => place.toLowerCase())).size === places.length, {
        error: 'expected each place once; a place is listed twice',
      }),
    designer: z.strictObject({ name: text("the site designer's name"), url: link }),
  });

  const home = z.strictObject({
    pageTitle: text('the page title shown in the browser tab and search results, for example "Home"'),
    banner: z.strictObject({
      title: text('the welcome title'),
      intro: text('the welcome text'),
      carouselLabel: text('what the banner pictures show, read out by screen readers'),
      slides: z.array(photo('banner picture')).length(3, { error: 'expected exactly 3 banner pictures' }),
    }),
    about: z.strictObject({
      title: text('the about section title'),
      paragraphs: z.array(text('a paragraph')).min(1, { error: 'expected at least one paragraph' }),
    }),
    webinars: z.strictObject({
      title: text(
        'the webinar section title; "{product}" is replaced by the short name and "{year}" by the year of the newest webinar on the home page',
      ),
      viewAllLabel: text('the label of the View All button'),
      watchLabel: text('the label of the link to each webinar video, for example "Watch"'),
    }),
    milestones: z.strictObject({
      title: text('the milestones heading (the milestones themselves are in milestones.yaml)'),
    }),
    activities: z.strictObject({
      title: text('the monthly activities title'),
      carouselLabel: text('what the activity photos show, read out by screen readers'),
      viewMoreLabel: text('the label of the View more link'),
      slides: z
        .array(photo('activity photo').extend({ caption: text('the caption') }))
        .length(3, { error: 'expected exactly 3 activity photos' }),
    }),
    awareness: z.strictObject({
      title: text('the public awareness title'),
      paragraphs: z.array(text('a paragraph')).min(1, { error: 'expected at least one paragraph' }),
      thumbnail: photo('song thumbnail'),
      videoTitle: text('the title of the song video'),
      youtubeId,
      startSeconds: z
        .number({ error: 'expected the start offset in seconds, for example 7' })
        .int()
        .min(0, { error: 'expected 0 or more seconds' }),
    }),
    upcoming: z.strictObject({
      title: text('the upcoming events title'),
      text: text('the upcoming events text'),
      registerLabel: text('the label of the registration button'),
      registerUrl: webUrl,
      galleryLabel: text('the label of the gallery button'),
    }),
    sportsMeet: z.strictObject({
      title: text('the sports meet heading'),
      video: publicFile,
      poster: image(),
      videoTitle: text('a description of the video'),
    }),
  });

  const webinar = z.strictObject({
    image: image(),
    date: webinarDate,
    host: text('who hosted the webinar, for example "Hosted by Madurai branch"'),
    shortTitle: text('a short title for the home page card'),
    title: text('the webinar title'),
    videoUrl: webUrl,
    time: withHelp(indiaTime.optional(), {
      description: 'When it starts, in India (IST), like "18:30"; leave it out when not known',
    }),
    joinUrl: withHelp(webUrl.optional(), {
      description: 'Where members join it live (the meeting link); leave it out when there is none',
    }),
    showOnHome: withHelp(z.boolean({ error: 'expected true or false' }).default(false), {
      description: 'true for the four webinars shown on the home page, false for all others',
    }),
  });

  const conclaveHall = z.strictObject({
    name: text('the hall name, for example "Hall A"'),
    links: z
      .array(z.strictObject({ date: dottedDate, url: webUrl }))
      .min(1, { error: 'expected at least one video link' }),
  });

  const conclave = z.strictObject({
    title: text('the conclave title'),
    halls: z.array(conclaveHall).min(1, { error: 'expected at least one hall' }),
  });

  const stateBearer = z.strictObject({
    /** The bearer's photo; without one, the page shows a generic picture. */
    image: image().optional(),
    name: text("the bearer's name"),
    title: withHelp(z.enum(STATE_OFFICES, { error: `expected one of the six offices: ${STATE_OFFICES.join(', ')}` }), {
      description: 'The office held; the six bearers are listed in this order',
    }),
    phone1: phone,
    phone2: phone.optional(),
    email1: email,
    email2: email.optional(),
  });

  const milestone = z.strictObject({
    year: year.optional(),
    text: text('what happened'),
  });

  const branchBearer = z.strictObject({
    name: text("the bearer's name"),
    position: text('the position, for example "Secretary"'),
    /** The bearer's photo (or one of the generic photos); without one, the page shows a generic picture. */
    image: image().optional(),
    phone,
    email: optionalEmail,
    email2: optionalEmail,
  });

  const branch = z.strictObject({
    city: text('the branch city'),
    order: withHelp(z.number({ error: 'expected the position of this branch on the page, for example 1' }).int(), {
      description: 'The place of this branch on the Branches page: 1 is first',
    }),
    // Too many: reported on each bearer beyond the fifth, so the check names the entry to remove.
    bearers: z
      .array(branchBearer)
      .min(3, { error: 'expected 3 to 5 bearers; this branch has fewer than 3' })
      .superRefine((bearers, context) => {
        for (let index = MAX_BRANCH_BEARERS; index < bearers.length; index++) {
          context.addIssue({
            code: 'custom',
            path: [index],
            message: `expected 3 to 5 bearers; this is bearer ${index + 1} of ${bearers.length}: remove it or another`,
          });
        }
      })
      .meta({ maxItems: MAX_BRANCH_BEARERS }),
  });

  const sportsMeetItem = z.discriminatedUnion(
    'type',
    [
      photo('photo').extend({ type: z.literal('image') }),
      z.strictObject({
        type: z.literal('video'),
        video: publicFile,
        poster: image(),
        alt: text('a description of the video'),
      }),
    ],
    { error: 'expected "type: image" or "type: video"' },
  );

  const gallery = z.strictObject({
    title: text('the gallery title'),
    subtitle: z.string().trim().optional(),
    items: z.array(sportsMeetItem).min(1, { error: 'expected at least one item' }),
  });

  /** The privacy notice of the contact form: "{retention}" and "{email}" are filled in by the page. */
  const privacy = z
    .strictObject({
      title: text('the page title'),
      description: text('a one-sentence summary of the notice for search engines'),
      updated: webinarDate,
      sections: z
        .array(
          z.strictObject({
            heading: text('a section heading'),
            paragraphs: z.array(text('a paragraph')).min(1, { error: 'expected at least one paragraph' }),
          }),
        )
        .min(1, { error: 'expected at least one section' }),
    })
    .superRefine((notice, context) => {
      const paragraphs = notice.sections.flatMap((section) => section.paragraphs);
      if (!paragraphs.some((paragraph) => paragraph.includes(RETENTION_PLACEHOLDER))) {
        context.addIssue({
          code: 'custom',
          path: ['sections'],
          message: `expected "${RETENTION_PLACEHOLDER}" in a paragraph: the notice must say how long messages are kept, and the page fills it in`,
        });
      }
    });

  return {
    site,
    home,
    privacy,
    webinar,
    conclave,
    stateBearer,
    milestone,
    branch,
    gallery,
  };
}
