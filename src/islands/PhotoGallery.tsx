/**
 * A grid of photo thumbnails that open a full-screen viewer (PhotoSwipe): previous and next
 * wrap around, arrow keys move, Escape, the close button or a click on the backdrop closes it,
 * and focus returns to the thumbnail. Without JavaScript each thumbnail links to its photo.
 */
import { useEffect, useRef } from 'react';
import PhotoSwipeLightbox from 'photoswipe/lightbox';
import 'photoswipe/style.css';

export interface GalleryPhoto {
  /** The full-size photo. */
  src: string;
  /** A smaller version for the grid (defaults to `src`). */
  thumbnail?: string;
  /** The full-size photo's dimensions, when known; otherwise read from the loaded thumbnail. */
  width?: number;
  height?: number;
  alt: string;
}

export interface PhotoGalleryProps {
  photos: GalleryPhoto[];
  /** What the gallery shows, for its accessible name: "Photos of the Salem airway workshop". */
  label: string;
}

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
      bgClickAction: 'close',
      showHideAnimationType: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'none' : 'zoom',
      closeTitle: 'Close (Esc)',
      arrowPrevTitle: 'Previous photo',
      arrowNextTitle: 'Next photo',
    });
    // Photos from the events server come without sizes: use the loaded thumbnail's own size.
    lightbox.addFilter('domItemData', (itemData, _element, link) => {
      if (itemData.width && itemData.height) return itemData;
      const image = link.querySelector('img');
      return image?.naturalWidth
        ? { ...itemData, width: image.naturalWidth, height: image.naturalHeight }
        : { ...itemData, width: 1200, height: 800 };
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
    <ul ref={galleryRef} className="photo-gallery" aria-label={label}>
      {photos.map((photo, index) => (
        <li key={`${photo.src}-${index}`}>
          <a
            href={photo.src}
            data-pswp-width={photo.width}
            data-pswp-height={photo.height}
            aria-label={`Open photo ${index + 1} of ${photos.length}: ${photo.alt}`}
          >
            <img
              src={photo.thumbnail ?? photo.src}
              alt={photo.alt}
              loading={index < 4 ? 'eager' : 'lazy'}
              decoding="async"
              width={photo.width ?? 1200}
              height={photo.height ?? 800}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
