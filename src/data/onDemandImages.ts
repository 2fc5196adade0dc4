/**
 * Every picture a page rendered on demand can show, with what it asks of Astro's image service: the shared layout's
 * (the logos, the picture for sharing), Past Webinars' cards (every webinar's, those still to come included, since
 * the page shows them once held) and Monthly Activities' cricket card. The pages take their transforms from here,
 * and src/pages/built-images.json.ts makes every one at build, so the site server answers each from a file
 * (src/server/builtImages.ts). tests/e2e/builtImages.spec.ts fails when a page names a picture not made.
 */
import { getCollection } from 'astro:content';
import { getCricketGallery } from './eventGalleries.ts';
import { islandImageTransform, type IslandImageOptions } from './islandImages.ts';
import { getSite } from './site.ts';

/** The header's logos (src/components/layout/SiteHeader.astro). */
export const HEADER_LOGO = { width: 48, height: 48, densities: [1, 2, 3] };
/** The footer's logo (src/components/layout/footer/FooterAbout.astro). */
export const FOOTER_LOGO = { width: 72, height: 72, densities: [1, 2, 3] };
/** The picture shown where a page is shared (src/layouts/BaseLayout.astro). */
export const SHARE_IMAGE = { width: 1200, height: 630, format: 'jpeg', fit: 'cover' } as const;
/** A card of Past Webinars (src/components/webinars/WebinarGrid.astro). */
export const WEBINAR_CARD: IslandImageOptions = {
  widths: [320, 480, 640],
  sizes: '(max-width: 40rem) calc(100vw - 2rem), (max-width: 64rem) 45vw, 22rem',
};
/** The cricket tournament's card on Monthly Activities (src/pages/monthly-activities.astro). */
export const CRICKET_COVER = { width: 600, format: 'webp' } as const;

/** The cricket tournament's first picture (or its video's poster): its card's picture. */
export function cricketCover({ items: [cover] }: Awaited<ReturnType<typeof getCricketGallery>>) {
  return cover && (cover.type === 'image' ? cover.image : cover.poster);
}

/** What each picture above asks of getImage(), for every picture of the content that may be shown so. */
export async function onDemandImages() {
  const [site, webinars, cricket] = await Promise.all([getSite(), getCollection('webinars'), getCricketGallery()]);
  const cover = cricketCover(cricket);
  const [footerLogo] = site.logos;
  return [
    ...site.logos.map((logo) => ({ src: logo.image, ...HEADER_LOGO })),
    ...(footerLogo ? [{ src: footerLogo.image, ...FOOTER_LOGO }] : []),
    { src: site.shareImage.image, ...SHARE_IMAGE },
    ...webinars.map((webinar) => islandImageTransform(webinar.data.image, WEBINAR_CARD)),
    ...(cover ? [{ src: cover, ...CRICKET_COVER }] : []),
  ];
}
