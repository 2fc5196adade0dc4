/**
 * The sports meet gallery (docs/SPEC.md points 2 and 4): a grid of buttons, one per photo or video;
 * choosing one opens a modal dialog (the shared ModalDialog) holding that item, a large
 * optimised photo or the video with its controls. The close button, Escape and a click on the
 * backdrop close it, and focus returns to the item's button.
 */
import { useCallback, useState } from 'react';
import type { IslandImage } from '../lib/islandImage.ts';
import { ModalDialog } from './ModalDialog.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import './GalleryViewer.css';

export type GalleryViewerItem =
  | { type: 'image'; alt: string; thumbnail: IslandImage; large: IslandImage }
  | { type: 'video'; alt: string; thumbnail: IslandImage; poster: IslandImage; video: string };

export interface GalleryViewerProps {
  items: GalleryViewerItem[];
}

export function GalleryViewer({ items }: GalleryViewerProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const open = openIndex === null ? undefined : items[openIndex];
  const close = useCallback(() => setOpenIndex(null), []);

  return (
    <>
      <ul className="gallery-grid card-grid">
        {items.map((item, index) => (
          <li key={`${item.type}-${item.thumbnail.src}`}>
            <button
              type="button"
              className="gallery-item"
              data-type={item.type}
              onClick={(event) => {
                // Safari does not focus a clicked button; the dialog returns focus to it.
                event.currentTarget.focus();
                setOpenIndex(index);
              }}
            >
              {/* The first picture is the page's largest paint on phones: fetched at once, first. */}
              <ResponsiveImage
                image={item.thumbnail}
                alt=""
                priority={index === 0}
                className="gallery-item__image cover-image"
              />
              {item.type === 'video' ? (
                <span className="gallery-item__play round-button" aria-hidden="true">
                  <svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor">
                    <path d="M8 5v14l11-7z" />
                  </svg>
                </span>
              ) : null}
              <span className="visually-hidden">
                {item.type === 'video' ? 'Play video: ' : 'View photo: '}
                {item.alt}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <ModalDialog
        open={open !== undefined}
        onClose={close}
        label={open?.alt ?? ''}
        closeLabel="Close"
        className="gallery-dialog"
      >
        {open?.type === 'image' ? (
          <ResponsiveImage image={open.large} alt={open.alt} priority className="gallery-dialog__media" />
        ) : null}
        {open?.type === 'video' ? (
          <video
            className="gallery-dialog__media"
            src={open.video}
            poster={open.poster.src}
            width={open.poster.width}
            height={open.poster.height}
            aria-label={open.alt}
            controls
            playsInline
            preload="metadata"
          />
        ) : null}
      </ModalDialog>
    </>
  );
}
