/**
 * The head-office map on the Contact Us page. Nothing is loaded from the maps site until the
 * visitor asks for it: a facade with a "Show map" button stands in its place, then the embedded
 * map replaces it (an iframe with a title, loading=lazy and a strict referrer policy) and
 * takes focus. The link that opens the place on the maps site works with or without
 * JavaScript; the button only appears once the island has hydrated, in a place kept for it.
 */
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from './useHydrated.ts';
import './MapFacade.css';

export interface MapFacadeProps {
  /** The address of the embeddable map. */
  embedUrl: string;
  /** The address of the place on the maps site, opened in a new tab. */
  linkUrl: string;
  /** The name of the place, for the iframe's title and the facade text. */
  placeName: string;
}

/** "https://www.google.com/maps/..." -> "google.com". */
function siteName(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

export function MapFacade({ embedUrl, linkUrl, placeName }: MapFacadeProps) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (shown) frameRef.current?.focus();
  }, [shown]);

  return (
    <div className="map">
      <div className="map__frame">
        {shown ? (
          <iframe
            ref={frameRef}
            src={embedUrl}
            title={`Map of ${placeName}`}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        ) : (
          <div className="map__facade">
            <svg aria-hidden="true" width="40" height="40" viewBox="0 0 24 24" fill="currentColor">
              <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Z" />
            </svg>
            <p className="map__place">{placeName}</p>
            {hydrated ? (
              <button type="button" className="button" onClick={() => setShown(true)}>
                Show map
              </button>
            ) : (
              // Holds the button's place until it can work, so that nothing moves when it appears.
              <span className="button holds-place" aria-hidden="true">
                Show map
              </span>
            )}
            <p className="map__note">
              The map is loaded from {siteName(embedUrl)} only when you ask for it; the link below opens it on{' '}
              {siteName(linkUrl)}.
            </p>
          </div>
        )}
      </div>
      <p className="map__link">
        <a href={linkUrl} target="_blank" rel="noopener noreferrer">
          Open the map on {siteName(linkUrl)}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}
