/**
 * The year-filtered webinar grid of Past Webinars (docs/SPEC.md points 2 and 5), rendered on the server
 * for the year in the address (`/past-webinars?year=2024`) and sent as plain HTML, with no
 * script: a labelled year select and a Show button in a GET form (so it works the same with or
 * without JavaScript, and each year has its own address), the number of webinars of that year,
 * and that year's cards only (only years with webinars are offered); with none at all, it says so.
 * The page carries one year whatever the number of years held (src/lib/webinarYearFilter.ts).
 */
import { useId } from 'react';
import type { IslandImage } from '../lib/islandImage.ts';
import { webinarCountText } from '../lib/webinarYearFilter.ts';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import './WebinarYearFilter.css';

export interface WebinarCardData {
  title: string;
  /** The date as written in content: "14 - March - 2025". */
  date: string;
  /** The same date as yyyy-mm-dd, for <time datetime>. */
  isoDate: string;
  videoUrl: string;
  image: IslandImage;
}

export interface WebinarYearFilterProps {
  /** The webinars of `year`, in page order. */
  webinars: WebinarCardData[];
  /** The years offered, newest first. */
  years: number[];
  year: number;
  /** Where the form sends the chosen year: the page's own path. */
  action: string;
}

export function WebinarYearFilter({ webinars, years, year, action }: WebinarYearFilterProps) {
  const selectId = useId();
  return (
    <div className="webinar-filter">
      <form className="webinar-filter__bar" method="get" action={action}>
        <label htmlFor={selectId}>Year</label>
        <select id={selectId} name="year" defaultValue={String(year)}>
          {years.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
        <button type="submit" className="button">
          Show
        </button>
        <p className="webinar-filter__count" role="status">
          {webinarCountText(webinars.length, year)}
        </p>
      </form>
      {webinars.length > 0 ? (
        <ul className="webinar-grid card-grid">
          {webinars.map((webinar, index) => (
            <li key={webinar.videoUrl}>
              <WebinarCard webinar={webinar} priority={index === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="webinar-filter__empty">There are no webinar recordings yet.</p>
      )}
    </div>
  );
}

/** A card; the first (`priority`) is in a phone's first screen, the page's largest paint. */
function WebinarCard({ webinar, priority }: { webinar: WebinarCardData; priority: boolean }) {
  const { image } = webinar;
  return (
    <article className="webinar-card">
      <ResponsiveImage className="webinar-card__image" image={image} alt="" priority={priority} />
      <div className="webinar-card__details">
        <h3 className="webinar-card__title">{webinar.title}</h3>
        <p className="webinar-card__date">
          <time dateTime={webinar.isoDate}>{webinar.date}</time>
        </p>
        {/* The name starts with the visible label and says which webinar it plays. */}
        <a
          className="button webinar-card__watch"
          href={webinar.videoUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Watch Now: ${webinar.title} (opens in a new tab)`}
        >
          Watch Now
        </a>
      </div>
    </article>
  );
}
