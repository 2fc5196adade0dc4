/**
 * A grid of photo thumbnails that open a full-screen viewer (PhotoSwipe): previous and next
 * wrap around, arrow keys move, Escape, the close button or a click on the backdrop closes it,
 * and focus returns to the thumbnail. Without JavaScript (or before this island has hydrated) each
 * thumbnail links to its photo.
 * Thumbnails come in the sizes their srcset offers, and load lazily after the first.
 */
import { useEffect, useRef } from 'react';
import PhotoSwipeLightbox from 'photoswipe/lightbox';
import 'photoswipe/style.css';
import './PhotoGallery.css';
import type { GalleryPhoto } from '../lib/events/eventGallery.ts';

export interface PhotoGalleryProps {
  photos: GalleryPhoto[];
  /** What the gallery shows, for its accessible name: "Photos of the Salem airway workshop". */
  label: string;
}

/** How wide a thumbnail is drawn, by the grid's columns (.photo-gallery in PhotoGallery.css). */
const THUMBNAIL_SIZES =
  '(min-width: 1184px) 276px, (min-width: 1040px) 25vw, (min-width: 784px) 33vw, (min-width: 528px) 50vw, calc(100vw - 2rem)';

/**
 * The first thumbnail, the page's largest paint on a phone (one column), loads at once with high
 * priority; the others as they come near (those on the first screen as soon as it is laid out), so
 * that on a slow link the first does not share it.
 */
const EAGER_THUMBNAILS = 1;

/** The grid's 3:2 thumbnail box, for the width and height attributes that reserve its space. */
const THUMBNAIL_WIDTH = 480;

/** A size to open a photo of unknown size at, until it has loaded and its own size is known. */
const GUESSED_WIDTH = 1200;

export function PhotoGallery({ photos, label }: PhotoGalleryProps) {
  const galleryRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const gallery = galleryRef.current;
    if (!gallery) return;
    const lightbox = new PhotoSwipeLightbox({
      gallery,
      children: 'a',
      pswpModule: () => import('photoswipe'),
      loop: true,
      // An opaque backdrop: the page's logo and menu button never show through under the counter and Close.
      bgOpacity: 1,
      bgClickAction: 'close',
      showHideAnimationType: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'none' : 'zoom',
      closeTitle: 'Close (Esc)',
      arrowPrevTitle: 'Previous photo',
      arrowNextTitle: 'Next photo',
      // Photos of unknown size learn it when they load (below), in the viewer's own instance.
      preloadFirstSlide: false,
    });
    // Photos from the events server come without sizes: open them at the thumbnail's shape...
    lightbox.addFilter('domItemData', (itemData, _element, link) => {
      if (itemData.width && itemData.height) return itemData;
      const thumbnail = link.querySelector('img');
      const ratio = thumbnail?.naturalWidth ? thumbnail.naturalHeight / thumbnail.naturalWidth : 2 / 3;
      return { ...itemData, width: GUESSED_WIDTH, height: Math.round(GUESSED_WIDTH * ratio) };
    });
    // ...and once the photo itself has loaded, note its real size on the link and redraw it.
    lightbox.on('loadComplete', ({ content, slide, isError }) => {
      const photo = content.element;
      const link = content.data.element;
      if (isError || !(photo instanceof HTMLImageElement) || !photo.naturalWidth || !link) return;
      if (link.dataset['pswpWidth']) return;
      link.dataset['pswpWidth'] = String(photo.naturalWidth);
      link.dataset['pswpHeight'] = String(photo.naturalHeight);
      if (photo.naturalWidth !== content.width || photo.naturalHeight !== content.height) {
        lightbox.pswp?.refreshSlideContent(slide.index);
      }
    });
    lightbox.on('uiRegister', () => {
      lightbox.pswp?.ui?.registerElement({
        name: 'caption',
        order: 9,
        isButton: false,
        appendTo: 'root',
        onInit: (element, pswp) => {
          element.setAttribute('aria-live', 'polite');
          pswp.on('change', () => {
            element.textContent = pswp.currSlide?.data.alt ?? '';
          });
        },
      });
    });
    lightbox.init();
    return () => lightbox.destroy();
  }, []);

  return (
    <ul ref={galleryRef} className="photo-gallery card-grid" aria-label={label} data-photo-gallery>
      {photos.map((photo, index) => (
        <li key={`${photo.src}-${index}`}>
          <a
            href={photo.src}
            data-pswp-width={photo.width}
            data-pswp-height={photo.height}
            aria-label={`Open photo ${index + 1} of ${photos.length}: ${photo.alt}`}
          >
            <img
              className="cover-image"
              src={photo.thumbnail ?? photo.src}
              srcSet={photo.thumbnailSrcset}
              sizes={photo.thumbnailSrcset ? THUMBNAIL_SIZES : undefined}
              alt={photo.alt}
              loading={index < EAGER_THUMBNAILS ? 'eager' : 'lazy'}
              fetchPriority={index < EAGER_THUMBNAILS ? 'high' : undefined}
              decoding="async"
              width={THUMBNAIL_WIDTH}
              height={
                photo.width && photo.height
                  ? Math.round((THUMBNAIL_WIDTH * photo.height) / photo.width)
                  : (THUMBNAIL_WIDTH * 2) / 3
              }
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
