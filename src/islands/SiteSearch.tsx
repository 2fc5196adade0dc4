/**
 * The search page's form and results. The form is a plain GET to /search?q=..., which the
 * header's search field sends too. Once hydrated, the island reads the search in the address,
 * loads the index (src/islands/pagefindClient.ts) only when there is something to search or
 * the visitor focuses the field, and shows results as the visitor types, keeping the address
 * in step (history.replaceState) so the results can be shared. A result for a branch bearer
 * opens the Branches page at that bearer (/branches#salem-2).
 *
 * The status line (a polite live region) says how many results there are; when there are none,
 * or search cannot load, it offers the directory pages instead.
 */
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type SubmitEvent } from 'react';
import { searchHits, type SearchHit } from '../lib/search/searchHits.ts';
import { loadPagefind, type SearchAnswer } from './pagefindClient.ts';
import { typedBeforeHydration } from './typedBeforeHydration.ts';
import './SiteSearch.css';

interface DirectoryLink {
  label: string;
  href: string;
}

export interface SiteSearchProps {
  /** Pages to browse instead, offered when nothing is found or search cannot load. */
  directory: DirectoryLink[];
}

interface Found {
  state: 'done';
  term: string;
  /** How many results the search found, all of them. */
  total: number;
  /** How many of them are read and listed (a page of RESULTS_PER_PAGE at a time). */
  read: number;
  hits: SearchHit[];
  answer: SearchAnswer;
}

type Outcome = { state: 'idle' } | { state: 'searching' } | Found | { state: 'failed' };

/** How many results are listed at first and added by "Show more results". */
const RESULTS_PER_PAGE = 20;

/** How long typing must pause before a search starts. */
const TYPING_PAUSE_MS = 150;

function statusText(outcome: Outcome): string {
  switch (outcome.state) {
    case 'idle':
      return '';
    case 'searching':
      return 'Searching…';
    case 'failed':
      return 'Sorry, search is not working just now. You can find people and webinars on these pages:';
    case 'done': {
      const count = outcome.total;
      if (count === 0) return `Nothing found for “${outcome.term}”. Try a name, a branch or a topic, or browse:`;
      return `${count} ${count === 1 ? 'result' : 'results'} for “${outcome.term}”.`;
    }
  }
}

function HitItem({ hit }: { hit: SearchHit }) {
  return (
    <li className="search-hit">
      <a
        className="search-hit__link"
        href={hit.url}
        {...(hit.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {hit.title}
        {hit.external ? <span className="visually-hidden"> (recording, opens in a new tab)</span> : null}
      </a>
      {hit.context ? <p className="search-hit__context">{hit.context}</p> : null}
      <p className="search-hit__excerpt">
        {hit.excerpt.map((part, index) => (part.mark ? <mark key={index}>{part.text}</mark> : part.text))}
      </p>
    </li>
  );
}

/** Starts fetching what a search for `text` needs, during the pause before it runs. */
function preload(text: string) {
  const term = text.trim();
  if (term)
    void loadPagefind()
      .then((client) => client.preload(term))
      .catch(() => undefined);
}

/** The search in the address (`?q=`): from the header's form, a shared link, or Back. */
function subscribeToAddress(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}
const addressQuery = () => new URLSearchParams(window.location.search).get('q') ?? '';

export function SiteSearch({ directory }: SiteSearchProps) {
  const inputId = useId();
  const labelId = useId();
  const asked = useSyncExternalStore(subscribeToAddress, addressQuery, () => '');
  const [typed, setTyped] = useState(() => typedBeforeHydration(inputId));
  const query = typed ?? asked;
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const latest = useRef(0);

  const search = useCallback(async (text: string) => {
    const term = text.trim();
    const run = ++latest.current;
    if (!term) {
      setOutcome({ state: 'idle' });
      return;
    }
    setOutcome({ state: 'searching' });
    try {
      const answer = await (await loadPagefind()).search(term);
      const hits = searchHits(await answer.read(0, RESULTS_PER_PAGE));
      const read = Math.min(RESULTS_PER_PAGE, answer.total);
      if (run === latest.current) setOutcome({ state: 'done', term, total: answer.total, read, hits, answer });
    } catch (error) {
      console.error('Search could not load:', error);
      if (run === latest.current) setOutcome({ state: 'failed' });
    }
  }, []);

  // Results follow the search in the address at once, and the typing after a short pause;
  // the address follows the typing, so the results can be shared.
  useEffect(() => {
    const timer = window.setTimeout(
      () => {
        if (typed !== undefined) {
          const term = typed.trim();
          window.history.replaceState(null, '', term ? `?${new URLSearchParams({ q: term }).toString()}` : '?');
        }
        void search(query);
      },
      typed === undefined ? 0 : TYPING_PAUSE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [query, typed, search]);

  // "Show more results": the next page is read and added below; once it is on the page (an
  // effect runs after the render that shows it), focus moves to its first hit.
  const hitList = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | undefined>(undefined);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === undefined) return;
    focusFrom.current = undefined;
    hitList.current?.querySelectorAll('a')[index]?.focus();
  }, [outcome]);
  const showMore = async (found: Found) => {
    const run = latest.current;
    try {
      const more = searchHits(await found.answer.read(found.read, found.read + RESULTS_PER_PAGE));
      if (run !== latest.current) return;
      const read = Math.min(found.read + RESULTS_PER_PAGE, found.total);
      focusFrom.current = found.hits.length;
      setOutcome({ ...found, read, hits: [...found.hits, ...more] });
    } catch (error) {
      console.error('Search could not load more results:', error);
      if (run === latest.current) setOutcome({ state: 'failed' });
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void search(query);
  };

  const hits = outcome.state === 'done' ? outcome.hits : [];
  const offerDirectory = outcome.state === 'failed' || (outcome.state === 'done' && hits.length === 0);

  return (
    <div className="site-search">
      <form role="search" aria-labelledby={labelId} action="/search" method="get" onSubmit={onSubmit}>
        <label id={labelId} htmlFor={inputId} className="site-search__label">
          Search for a person, a branch, a webinar or a topic
        </label>
        <div className="site-search__row">
          <input
            id={inputId}
            type="search"
            name="q"
            value={query}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => {
              setTyped(event.target.value);
              preload(event.target.value);
            }}
            onFocus={() => void loadPagefind().catch(() => undefined)}
          />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </form>
      <p className="site-search__status" role="status" aria-live="polite">
        {statusText(outcome)}
      </p>
      {offerDirectory ? (
        <ul className="site-search__directory">
          {directory.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      ) : null}
      {hits.length > 0 ? (
        <ol className="search-hits" aria-label="Search results" ref={hitList}>
          {hits.map((hit) => (
            <HitItem key={hit.url} hit={hit} />
          ))}
        </ol>
      ) : null}
      {outcome.state === 'done' && outcome.read < outcome.total ? (
        <p className="site-search__more">
          <button type="button" className="button button--outline" onClick={() => void showMore(outcome)}>
            Show more results ({outcome.read} of {outcome.total} shown)
          </button>
        </p>
      ) : null}
    </div>
  );
}
