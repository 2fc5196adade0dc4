/**
 * The golden-jubilee song: a thumbnail that opens the video full screen in a modal dialog.
 * The embed comes from YouTube's privacy-enhanced domain, autoplays from the configured second,
 * and is created only when the visitor asks for it, so nothing loads from the video site before.
 * The thumbnail is hidden while the video is open.
 */
import { useCallback, useRef, useState } from 'react';
import type { IslandImage } from '../lib/islandImage.ts';
import { ModalDialog } from './ModalDialog.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { useEarlyTap } from './useEarlyTap.ts';
import './SongVideo.css';

export interface SongVideoProps {
  thumbnail: IslandImage;
  thumbnailAlt: string;
  videoTitle: string;
  youtubeId: string;
  startSeconds: number;
}

/** The privacy-enhanced embed address of a YouTube video, autoplaying from `startSeconds`. */
function embedUrl(youtubeId: string, startSeconds: number): string {
  const params = new URLSearchParams({ autoplay: '1', start: String(startSeconds), rel: '0' });
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?${params}`;
}

/** The video's own page, for visitors whose browser has not run the island. */
function watchUrl(youtubeId: string, startSeconds: number): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}&t=${startSeconds}s`;
}

export function SongVideo({ thumbnail, thumbnailAlt, videoTitle, youtubeId, startSeconds }: SongVideoProps) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  useEarlyTap(root);

  return (
    <div className="song-video" ref={root}>
      {/* A link to the video on YouTube without JavaScript; with it, the overlay, also for a tap
          before the island has hydrated (data-early-tap: src/components/layout/EarlyTaps.astro). */}
      <a
        data-early-tap
        href={watchUrl(youtubeId, startSeconds)}
        target="_blank"
        rel="noopener noreferrer"
        className={open ? 'song-thumbnail song-thumbnail--hidden' : 'song-thumbnail'}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <ResponsiveImage image={thumbnail} alt="" />
        <span className="song-play round-button" aria-hidden="true">
          ▶
        </span>
        <span className="visually-hidden">
          Play the video: {videoTitle} ({thumbnailAlt})
        </span>
      </a>
      <ModalDialog open={open} onClose={close} label={videoTitle} closeLabel="Close the video" className="video-dialog">
        <div className="video-frame">
          <iframe
            src={embedUrl(youtubeId, startSeconds)}
            title={videoTitle}
            allow="autoplay; fullscreen; encrypted-media; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      </ModalDialog>
    </div>
  );
}
