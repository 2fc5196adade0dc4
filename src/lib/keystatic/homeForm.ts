/**
 * The form of the home page's texts (content/home.yaml), section by section in page order; the
 * webinars and milestones it shows have forms of their own (listForms.ts, contentForms.ts).
 */
import { fields } from '@keystatic/core';
import {
  type FileForm,
  photoWithAlt,
  requiredText,
  textList,
  videoWithPoster,
  webAddress,
  wholeNumber,
} from './formFields.ts';
import { capitalised } from '../plainText.ts';

const slides = (what: string, folder: string, extra: Record<string, ReturnType<typeof requiredText>> = {}) =>
  fields.array(fields.object({ ...photoWithAlt(what, folder).fields, ...extra }), {
    label: `${capitalised(what)}s (exactly 3)`,
    itemLabel: (props) => props.fields.alt.value || what,
    validation: { length: { min: 3, max: 3 } },
  });

export const home = {
  label: 'Home page texts',
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
        watchLabel: requiredText(
          'Label of the link to each video',
          'On the card of a webinar held; one still to come offers "Join online" and "Add to calendar"',
        ),
      },
      { label: 'Webinars section (the webinars themselves are under Webinars)' },
    ),
    milestones: fields.object(
      { title: requiredText('Heading') },
      { label: 'Milestones section', description: 'The milestones themselves are under Milestones' },
    ),
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
        ...videoWithPoster('.', true),
        videoTitle: requiredText('Description of the video'),
      },
      { label: 'Sports meet' },
    ),
  },
} satisfies FileForm;
