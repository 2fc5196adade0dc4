/**
 * Where visitors see each photo of the content files, and how large: the rule "too small for its
 * slot" and the warning "cropped badly" come from this table.
 *
 * A slot's width is the most CSS pixels the page gives the photo on a computer screen (at least
 * 1024 pixels wide, at 1×), read from the component's `sizes` attribute and CSS (named in
 * `source`). A photo smaller than that is stretched on every computer screen, and looks blurred;
 * phones show it smaller, but at 2× or 3× density, so they stretch it even more. Frames of a fixed
 * shape either crop the photo to fill them (`cover`) or fit it inside with bars (`contain`).
 *
 * When a component changes its sizes or frames, change the number here.
 */
import type { createSchemas } from './schemas.ts';
import { isRecord } from './yamlDocument.ts';

/** --content-width (src/styles/tokens.css): the widest .container of any section, 72rem. */
const CONTAINER = 1152;
const REM = 16;

export interface PhotoSlot {
  /** Where visitors see it, in their words. */
  name: string;
  /** The most CSS pixels it is shown wide on a computer screen. */
  width: number;
  /** A frame of fixed shape: width ÷ height, a word for it, and whether it crops or fits the photo. */
  frame?: { ratio: number; shape: string; fit: 'cover' | 'contain' };
  /** The component whose sizes and CSS give these numbers. */
  source: string;
}

/** A photo field of a content schema: its path inside an entry ("*" for every item of a list). */
export interface PhotoField {
  schema: keyof ReturnType<typeof createSchemas>;
  path: readonly string[];
  slots: readonly PhotoSlot[];
  /** The size content/README.md recommends for it. */
  best: string;
}

const square = { ratio: 1, shape: 'square', fit: 'cover' } as const;
const wide = { ratio: 16 / 9, shape: '16:9', fit: 'cover' } as const;
const threeByTwo = { ratio: 3 / 2, shape: '3:2', fit: 'cover' } as const;

const BEARER_CARD: PhotoSlot = {
  name: 'the bearer card (Office Bearers and Branches pages)',
  width: 280,
  frame: square,
  source: 'src/components/ui/ContactCard.astro: sizes "…, 280px"; .photo aspect-ratio 1, object-fit cover',
};

/** The four home cards: sizes "(min-width: 1024px) 280px", 16:9, cropped. */
const HOME_WEBINAR_CARD: PhotoSlot = {
  name: 'the webinar card on the home page',
  width: 280,
  frame: wide,
  source: 'src/components/home/WebinarHighlights.astro: sizes 280px; .cover-image 16/9, cover',
};

const PAST_WEBINAR_CARD: PhotoSlot = {
  name: 'the webinar card on Past Webinars',
  width: 22 * REM,
  source: 'src/components/webinars/WebinarGrid.astro: sizes "…, 22rem"; height auto (whole photo)',
};

/** The banner grid is 2fr 3fr with a 2rem gap: the carousel takes three fifths of the rest. */
const BANNER: PhotoSlot = {
  name: 'the home page banner',
  width: Math.round(((CONTAINER - 2 * REM) * 3) / 5),
  frame: wide,
  source:
    'src/components/home/HomeBanner.astro (.banner-grid 2fr 3fr); BannerCarousel.astro .banner-slides 16/9, cover',
};

/** Three slides per view above 1064 px, 16 px apart (src/components/home/ActivitiesCarousel.astro). */
const ACTIVITY: PhotoSlot = {
  name: 'the Monthly Activities carousel on the home page',
  width: Math.round((CONTAINER - 2 * 16) / 3),
  frame: threeByTwo,
  source: 'src/components/home/ActivitiesCarousel.astro (3 per view); .cover-image 3/2, cover',
};

/** Two columns with a 2rem gap; the thumbnail keeps its own shape (height auto). */
const SONG_THUMBNAIL: PhotoSlot = {
  name: 'the song thumbnail on the home page',
  width: Math.round((CONTAINER - 2 * REM) / 2),
  source:
    'src/components/home/PublicAwareness.astro (two columns); src/components/home/SongVideo.astro .song-thumbnail img',
};

const HOME_VIDEO_POSTER: PhotoSlot = {
  name: 'the sports meet video on the home page (before it plays)',
  width: CONTAINER,
  frame: { ratio: 16 / 9, shape: '16:9', fit: 'contain' },
  source: 'src/components/home/SportsMeet.astro: the video fills the container at 16/9',
};

/** Facebook's sharing guidance: 1200 × 630 for sharp previews, at least 600 × 315 for large ones. */
const SHARE_PREVIEW: PhotoSlot = {
  name: 'the preview when a page is shared on social media',
  width: 600,
  frame: { ratio: 1200 / 630, shape: '1.91:1', fit: 'cover' },
  source: 'src/layouts/BaseLayout.astro: a 1200 × 630 copy, fit cover',
};

const LOGO: PhotoSlot = {
  name: 'the logo in the footer',
  width: 72,
  frame: square,
  source: 'src/components/layout/SiteFooter.astro: 72 × 72 (the header shows it at 48 × 48)',
};

const GALLERY_THUMBNAIL: PhotoSlot = {
  name: 'the gallery thumbnail on /Gallery',
  width: 18 * REM,
  frame: { ratio: 4 / 3, shape: '4:3', fit: 'cover' },
  source: 'src/components/gallery/SportsMeetGallery.astro: sizes "…, 18rem"; .gallery-item__image 4/3, cover',
};

const EVENT_THUMBNAIL: PhotoSlot = {
  name: 'the gallery thumbnail on /event-22',
  width: 276,
  frame: threeByTwo,
  source: 'src/islands/PhotoGallery.tsx: sizes "(min-width: 1184px) 276px, …"; .cover-image 3/2, cover',
};

/** The overlay shows the photo up to 64rem wide, within the screen's height (a 4:3 box here). */
const FULL_VIEW: PhotoSlot = {
  name: 'the full-size view of a gallery photo',
  width: 64 * REM,
  frame: { ratio: 4 / 3, shape: 'the screen', fit: 'contain' },
  source: 'src/components/gallery/SportsMeetGallery.astro: large sizes "…, 64rem", object-fit contain',
};

export const PHOTO_FIELDS: readonly PhotoField[] = [
  { schema: 'site', path: ['logos', '*', 'image'], slots: [LOGO], best: '240 × 240 (PNG)' },
  { schema: 'site', path: ['shareImage', 'image'], slots: [SHARE_PREVIEW], best: '1200 × 630' },
  { schema: 'home', path: ['banner', 'slides', '*', 'image'], slots: [BANNER], best: '1600 × 900' },
  { schema: 'home', path: ['activities', 'slides', '*', 'image'], slots: [ACTIVITY], best: '1200 × 800' },
  { schema: 'home', path: ['awareness', 'thumbnail', 'image'], slots: [SONG_THUMBNAIL], best: '1280 × 720' },
  { schema: 'home', path: ['sportsMeet', 'poster'], slots: [HOME_VIDEO_POSTER], best: '1280 × 720' },
  { schema: 'webinar', path: ['image'], slots: [PAST_WEBINAR_CARD, HOME_WEBINAR_CARD], best: '800 × 450' },
  { schema: 'stateBearer', path: ['image'], slots: [BEARER_CARD], best: '600 × 600' },
  { schema: 'branch', path: ['bearers', '*', 'image'], slots: [BEARER_CARD], best: '600 × 600' },
  {
    schema: 'gallery',
    path: ['items', '*', 'image'],
    slots: [FULL_VIEW, GALLERY_THUMBNAIL, EVENT_THUMBNAIL],
    best: '1200 × 800 to 1600 × 1067',
  },
  { schema: 'gallery', path: ['items', '*', 'poster'], slots: [FULL_VIEW, GALLERY_THUMBNAIL], best: '1280 × 720' },
];

/** Photos larger than this are refused: the site makes its own smaller copies, so more only costs. */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
export const MAX_PHOTO_SIDE = 3000;
/** A frame that cuts off more than this share of a photo's width or height gets a warning. */
export const MAX_CROPPED_SHARE = 0.25;

/** Every value at `path` inside an entry ("*" stands for each item of a list), with its full path. */
function valuesAt(
  data: unknown,
  path: readonly string[],
  at: readonly (string | number)[] = [],
): { segments: (string | number)[]; value: unknown }[] {
  const [head, ...rest] = path;
  if (head === undefined) return [{ segments: [...at], value: data }];
  if (head === '*') {
    return Array.isArray(data) ? data.flatMap((item, index) => valuesAt(item, rest, [...at, index])) : [];
  }
  return isRecord(data) && head in data ? valuesAt(data[head], rest, [...at, head]) : [];
}

/**
 * Every photo an entry of `schema` names: its field, where it is in the entry and the path as
 * written. The check, the fitting and the pull request's summary walk entries so.
 */
export function photosOf(schema: string, entry: unknown) {
  return PHOTO_FIELDS.filter((field) => field.schema === schema).flatMap((field) =>
    valuesAt(entry, field.path).flatMap(({ segments, value }) =>
      typeof value === 'string' ? [{ field, segments, value }] : [],
    ),
  );
}
