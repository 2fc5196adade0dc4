/**
 * The Monthly Activities list and its place and year filters (docs/SPEC.md points 2, 5 and 9).
 *
 * HTML first: the page renders this island on the server with the cards of the selection in
 * its address (`?place=Madurai&year=2024`, src/lib/events/activitySelection.ts), and the
 * filters are a plain GET form, so everything works without JavaScript. Once hydrated, the
 * island only enhances it: choosing a place or a year shows its cards at once without a new
 * page (the whole events list is fetched from the API once, on first use), and the address
 * follows (history.pushState), so a filtered view can be shared and Back and Forward work.
 *
 * The status line says how many events are shown, or that they are loading, or (politely, as
 * docs/SPEC.md point 8 asks no alert) that they could not be loaded, with a button to try again. The
 * fixed Tamil Nadu cricket tournament card always comes last.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { typedBeforeHydration } from './typedBeforeHydration.ts';
import {
  activitySearch,
  activityStatus,
  parseActivitySelection,
  type ActivitySelection,
} from '../lib/events/activitySelection.ts';
import { eventYearOptions, filterEvents } from '../lib/events/filterEvents.ts';
import { parseYearOption } from '../lib/yearOptions.ts';
import { EventCard, eventCardData, type EventCardData } from './EventCard.tsx';
import { useEventsList } from './useEventsList.ts';
import './EventsBrowser.css';

export interface EventsBrowserProps {
  /** The events API endpoint, "/Admin/api/events_list". */
  endpoint: string;
  /** Where the filter form is sent without JavaScript: the page itself. */
  action: string;
  /** The places of the filter (content/site.yaml `activityPlaces`); the first is the default. */
  places: string[];
  /** The year options when the page was rendered (src/lib/yearOptions.ts), newest first. */
  years: number[];
  /** The year the page was rendered in, for the year options of events loaded later. */
  currentYear: number;
  /** The selection the page was rendered for. */
  selection: ActivitySelection;
  /** The cards of that selection, as the server found them. */
  cards: EventCardData[];
  /** What the address asked for that could not be shown (activitySelection.ts). */
  notices: string[];
  /** The events could not be had when the page was rendered. */
  unavailable: boolean;
  /** The fixed last card (the cricket tournament). */
  staticCard: EventCardData;
}

/** The fixed last card, as the status line counts it. */
const ALSO_SHOWN = 'the cricket tournament';

const FAILED_MESSAGE = 'Sorry, the events could not be loaded just now. Please check your connection and try again.';

const same = (one: ActivitySelection, other: ActivitySelection) => one.place === other.place && one.year === other.year;

export function EventsBrowser(props: EventsBrowserProps) {
  const { endpoint, action, places, currentYear, staticCard, unavailable } = props;
  const formId = useId();
  const placeId = useId();
  const yearId = useId();
  const [selection, setSelection] = useState<ActivitySelection>(props.selection);
  // The selection as last chosen, which handlers build on: a handler made by an earlier render can
  // run before React renders again (a choice made just as the island hydrates), and must not undo
  // a choice made a moment before it.
  const latest = useRef<ActivitySelection>(props.selection);
  // A place or year chosen before the island hydrated (a slow phone), read while the page is still
  // the server's; applied once hydrated, as hydration must first match what the server rendered.
  const [chosenEarly] = useState(() => {
    const place = typedBeforeHydration(placeId, props.selection.place);
    const year = Number(typedBeforeHydration(yearId, String(props.selection.year)));
    const early: Partial<ActivitySelection> = {};
    if (place !== undefined) early.place = place;
    if (Number.isInteger(year)) early.year = year;
    return early.place === undefined && early.year === undefined ? undefined : early;
  });
  const [notices, setNotices] = useState<string[]>(props.notices);
  const { load, ensureLoaded } = useEventsList(endpoint);

  const loadedEvents = load.state === 'ready' ? load.events : undefined;
  const yearOptions = useMemo(
    () => ({
      years: loadedEvents ? eventYearOptions(loadedEvents, currentYear).years : props.years,
      defaultYear: props.selection.year,
    }),
    [loadedEvents, currentYear, props.years, props.selection.year],
  );

  /** The cards of the selection: from the loaded list, else those the page came with, else not known yet. */
  let cards: EventCardData[] | undefined;
  if (load.state === 'ready') cards = filterEvents(load.events, selection.place, selection.year).map(eventCardData);
  else if (!unavailable && same(selection, props.selection)) cards = props.cards;

  const failed = load.state === 'failed' || (unavailable && load.state === 'idle');
  const loading = !failed && cards === undefined;
  let status = FAILED_MESSAGE;
  if (loading) status = 'Loading events…';
  else if (cards && !failed) status = activityStatus(cards.length, selection, ALSO_SHOWN);

  // A selection other than the page's needs the whole list: fetch it if nobody has yet.
  useEffect(() => {
    if (loading && load.state === 'idle') ensureLoaded();
  }, [loading, load.state, ensureLoaded]);

  useEffect(() => {
    if (!chosenEarly) return;
    // Only the fields chosen early: a choice made since hydration (already in `latest`) stays.
    const next = { ...latest.current, ...chosenEarly };
    latest.current = next;
    // Once, with what the page held before React took it over (an outside system).
    setSelection(next);
    window.history.replaceState(null, '', activitySearch(next));
  }, [chosenEarly]);

  // Back and Forward: the address is the selection.
  useEffect(() => {
    const onPopState = () => {
      const parsed = parseActivitySelection(new URLSearchParams(window.location.search), places, yearOptions);
      latest.current = { place: parsed.place, year: parsed.year };
      setSelection(latest.current);
      setNotices(parsed.notices);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [places, yearOptions]);

  /** Shows the selection with `change` made (the other field as last chosen), and the address follows. */
  const choose = useCallback((change: Partial<ActivitySelection>) => {
    setNotices([]);
    const next = { ...latest.current, ...change };
    if (same(next, latest.current)) return;
    latest.current = next;
    setSelection(next);
    window.history.pushState(null, '', activitySearch(next));
  }, []);

  // "Show events" (or Enter) and "Try again": the form's own values, shown without a new page;
  // a failed list is asked for again.
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const asked = new URLSearchParams({ place: String(data.get('place') ?? ''), year: String(data.get('year') ?? '') });
    const { place, year } = parseActivitySelection(asked, places, yearOptions);
    choose({ place, year });
    if (failed) ensureLoaded();
  };

  return (
    <div className="events-browser">
      <form
        id={formId}
        className="events-filters"
        method="get"
        action={action}
        onSubmit={onSubmit}
        onFocus={ensureLoaded}
        onPointerDown={ensureLoaded}
      >
        <FilterSelect
          id={placeId}
          label="Place"
          name="place"
          value={selection.place}
          options={places}
          onChange={(place) => choose({ place })}
        />
        <FilterSelect
          id={yearId}
          label="Year"
          name="year"
          value={selection.year}
          options={yearOptions.years}
          onChange={(year) => choose({ year: parseYearOption(year, yearOptions.years) ?? latest.current.year })}
        />
        <button type="submit" className="button events-filters__submit">
          Show events
        </button>
      </form>

      {notices.map((notice) => (
        <p key={notice} className="events-notice">
          {notice}
        </p>
      ))}

      {/* One polite live region for every state; when loading failed it sits in a box with the retry button. */}
      <div className={failed ? 'events-error' : undefined}>
        <p className="events-status" role="status" aria-live="polite">
          {status}
        </p>
        {failed ? (
          // Without JavaScript it sends the form again: the same selection, asked for anew.
          <button type="submit" form={formId} className="button">
            Try again
          </button>
        ) : null}
      </div>

      <ul className="events-grid card-grid" aria-busy={loading}>
        {(failed ? [] : (cards ?? [])).map((card, index) => (
          <EventCard key={card.id} card={card} priority={index === 0} />
        ))}
        <EventCard key={staticCard.id} card={staticCard} priority={failed || !cards?.length} />
      </ul>
    </div>
  );
}

interface FilterSelectProps {
  id: string;
  label: string;
  name: string;
  value: string | number;
  options: readonly (string | number)[];
  /** The chosen option's value, as the select gives it (a year is read back with parseYearOption). */
  onChange: (value: string) => void;
}

/** One filter of the list (Place, Year): a labelled choice that also goes with the form's GET without JavaScript. */
function FilterSelect({ id, label, name, value, options, onChange }: FilterSelectProps) {
  return (
    <div className="events-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
