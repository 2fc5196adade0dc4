/**
 * The Monthly Activities list: fetches every event from the events API, then filters it by
 * place and year (spec point 5) as the visitor chooses. Shows a loading state (once hydrated:
 * without JavaScript nothing loads, and the page's <noscript> note says so), says when a
 * choice has no events, and when loading fails logs it and says so politely in the same
 * status line, with a button to try again. The fixed Tamil Nadu cricket tournament card
 * always comes last; while the events load it keeps its place unseen, so that it appears
 * below them instead of being pushed down (a layout shift).
 */
import { useEffect, useId, useState } from 'react';
import { normalizeEvents, type EventRecord } from '../lib/events/eventRecords.ts';
import { eventsListResponse } from '../lib/events/eventsListRequest.ts';
import { eventYearOptions, filterEvents } from '../lib/events/filterEvents.ts';
import { photoVariants } from '../lib/events/photoVariants.ts';
import { parseYearOption } from '../lib/yearOptions.ts';
import { useCurrentYear } from './useCurrentYear.ts';
import { useHydrated } from './useHydrated.ts';

export interface StaticEventCard {
  id: string;
  title: string;
  subtitle: string;
  image: string;
  href: string;
}

export interface EventsBrowserProps {
  /** The events API endpoint, "/Admin/api/events_list". */
  endpoint: string;
  staticCard: StaticEventCard;
  /** The places of the filter (content/site.yaml `activityPlaces`); the first is chosen at first. */
  places: string[];
  /** The year the page was rendered in (the build's): see src/islands/useCurrentYear.ts. */
  renderedYear: number;
}

type Load = { state: 'loading' } | { state: 'ready'; events: EventRecord[] } | { state: 'failed' };

/** How wide a card's picture is drawn, by the grid's columns (src/styles/global.css, .events-grid). */
const CARD_IMAGE_SIZES =
  '(min-width: 1184px) 368px, (min-width: 896px) 33vw, (min-width: 600px) 50vw, calc(100vw - 2rem)';

const FAILED_MESSAGE = 'Sorry, the events could not be loaded just now. Please check your connection and try again.';

interface EventCardProps {
  id: string;
  title: string;
  subtitle: string;
  image: string;
  href: string;
  /** Waits for the events to load above it: holds its place unseen where scripts run (global.css). */
  pending?: boolean;
}

/** Fetches every event; a failure is logged to the console (spec point 8) and reported as such. */
async function loadEvents(endpoint: string, signal?: AbortSignal): Promise<Load> {
  try {
    const response = await eventsListResponse(endpoint, signal);
    if (!response.ok) throw new Error(`events_list answered ${response.status}`);
    return { state: 'ready', events: normalizeEvents(await response.json()) };
  } catch (error) {
    if (!signal?.aborted) console.error('Could not load the events:', error);
    return { state: 'failed' };
  }
}

function EventCard({ id, title, subtitle, image, href, pending = false }: EventCardProps) {
  const picture = photoVariants(image);
  return (
    <li className={pending ? 'event-card event-card--awaiting-events' : 'event-card'} data-event-id={id}>
      <img
        src={picture.src}
        srcSet={picture.srcset}
        sizes={picture.srcset ? CARD_IMAGE_SIZES : undefined}
        alt=""
        loading="lazy"
        decoding="async"
        width={600}
        height={400}
      />
      <div className="event-card__body">
        <h2 className="event-card__title">{title}</h2>
        {subtitle ? <p className="event-card__subtitle">{subtitle}</p> : null}
        <a className="button event-card__link" href={href}>
          View More<span className="visually-hidden">: {title}</span>
        </a>
      </div>
    </li>
  );
}

export function EventsBrowser({ endpoint, staticCard, places, renderedYear }: EventsBrowserProps) {
  const [place, setPlace] = useState<string>(places[0] ?? '');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const hydrated = useHydrated();
  const currentYear = useCurrentYear(renderedYear);
  // The years come from the events loaded now and the visitor's calendar, so the list is right
  // after New Year without a rebuild; until the events arrive the default is the current year.
  const { years, defaultYear } = eventYearOptions(load.state === 'ready' ? load.events : [], currentYear);
  const [chosenYear, setChosenYear] = useState<number>();
  const year = chosenYear ?? defaultYear;
  const loading = hydrated && load.state === 'loading';
  const placeId = useId();
  const yearId = useId();

  useEffect(() => {
    const controller = new AbortController();
    void loadEvents(endpoint, controller.signal).then((result) => {
      if (!controller.signal.aborted) setLoad(result);
    });
    return () => controller.abort();
  }, [endpoint]);

  const shown = load.state === 'ready' ? filterEvents(load.events, place, year) : [];
  let status = '';
  if (loading) status = 'Loading events…';
  else if (load.state === 'failed') status = FAILED_MESSAGE;
  else if (load.state === 'ready') {
    status =
      shown.length === 0
        ? `No events for ${place} in ${year}.`
        : `${shown.length} ${shown.length === 1 ? 'event' : 'events'} for ${place} in ${year}.`;
  }

  return (
    <div className="events-browser">
      <div className="events-filters">
        <div className="events-filter">
          <label htmlFor={placeId}>Place</label>
          <select id={placeId} value={place} onChange={(event) => setPlace(event.target.value)}>
            {places.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <div className="events-filter">
          <label htmlFor={yearId}>Year</label>
          <select
            id={yearId}
            value={year}
            onChange={(event) => setChosenYear(parseYearOption(event.target.value, years))}
          >
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      </div>

      {/* One polite live region for every state; when loading failed it sits in a box with the retry button. */}
      <div className={load.state === 'failed' ? 'events-error' : undefined}>
        <p className="events-status" role="status" aria-live="polite">
          {status}
        </p>
        {load.state === 'failed' ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              setLoad({ state: 'loading' });
              void loadEvents(endpoint).then(setLoad);
            }}
          >
            Try again
          </button>
        ) : null}
      </div>

      <ul className="events-grid" aria-busy={loading}>
        {shown.map((event) => (
          <EventCard
            key={event.events_id}
            id={String(event.events_id)}
            title={event.events_title}
            subtitle={event.events_sub_title}
            image={event.events_image}
            href={`/Events/${event.events_id}`}
          />
        ))}
        <EventCard
          key={staticCard.id}
          id={staticCard.id}
          title={staticCard.title}
          subtitle={staticCard.subtitle}
          image={staticCard.image}
          href={staticCard.href}
          pending={load.state === 'loading'}
        />
      </ul>
    </div>
  );
}
