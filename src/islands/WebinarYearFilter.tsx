/**
 * The year-filtered webinar grid of spec points 2 and 5: a labelled year select (from the later
 * of the current year and the newest webinar's year down to 2020, default the newest year with
 * webinars: src/lib/webinarYearFilter.ts) and the cards whose date text ends with the chosen year. The number of cards
 * is announced politely; a year without webinars says so instead of showing an empty grid.
 *
 * The static HTML holds the default year's cards; the select stays disabled until the island
 * has hydrated, since without JavaScript it could not change anything.
 */
import { useId, useState } from 'react';
import type { IslandImage } from '../lib/islandImage.ts';
import { webinarCountText, webinarsOfYear, webinarYearOptions } from '../lib/webinarYearFilter.ts';
import { parseYearOption } from '../lib/yearOptions.ts';
import { useCurrentYear } from './useCurrentYear.ts';
import { useHydrated } from './useHydrated.ts';
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
  webinars: WebinarCardData[];
  /** The year the page was rendered in (the build's): see src/islands/useCurrentYear.ts. */
  renderedYear: number;
}

export function WebinarYearFilter({ webinars, renderedYear }: WebinarYearFilterProps) {
  const selectId = useId();
  const hydrated = useHydrated();
  const currentYear = useCurrentYear(renderedYear);
  const { years, defaultYear } = webinarYearOptions(webinars, currentYear);
  const [chosenYear, setChosenYear] = useState<number>();
  const year = chosenYear ?? defaultYear;
  const shown = webinarsOfYear(webinars, year);

  return (
    <div className="webinar-filter">
      <div className="webinar-filter__bar">
        <label htmlFor={selectId}>Year</label>
        <select
          id={selectId}
          value={year}
          disabled={!hydrated}
          onChange={(event) => setChosenYear(parseYearOption(event.target.value, years))}
        >
          {years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <p className="webinar-filter__count" role="status">
          {webinarCountText(shown.length, year)}
        </p>
      </div>
      {shown.length > 0 ? (
        <ul className="webinar-grid card-grid">
          {shown.map((webinar) => (
            <li key={webinar.videoUrl}>
              <WebinarCard webinar={webinar} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="webinar-filter__empty">
          There are no webinar recordings from {year}. Please choose another year.
        </p>
      )}
    </div>
  );
}

function WebinarCard({ webinar }: { webinar: WebinarCardData }) {
  const { image } = webinar;
  return (
    <article className="webinar-card">
      <ResponsiveImage className="webinar-card__image" image={image} alt="" />
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
