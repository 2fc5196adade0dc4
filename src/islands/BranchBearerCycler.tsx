/**
 * Previous and next buttons for one branch's bearers (docs/SPEC.md points 2 and 4): the index starts at
 * 0, previous from the first goes to the last and next from the last goes to the first. Each
 * change is announced politely to screen readers ("2 of 4: Dr. X, Secretary").
 *
 * The bearer cards themselves are static HTML, passed in as children and rendered by Astro:
 * without JavaScript they all stay readable in a row that scrolls sideways. Once hydrated, the
 * island hides every card but the current one (the `hidden` attribute on each [data-bearer]
 * item) and shows the buttons, which until then keep their room but stay invisible. A link to a
 * bearer's anchor (/branches#salem-2) shows that bearer first.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { wrapIndex } from '../lib/carousel.ts';
import { useHydrated } from './useHydrated.ts';
import './BranchBearerCycler.css';

interface CyclerBearer {
  name: string;
  position: string;
}

export interface BranchBearerCyclerProps {
  /** The branch name, used in the buttons' accessible names: "Next Madurai bearer". */
  branch: string;
  /** The bearers in the order of the static cards. */
  bearers: CyclerBearer[];
  /** The static list of bearer cards; each card's item carries `data-bearer`. */
  children?: ReactNode;
}

export function BranchBearerCycler({ branch, bearers, children }: BranchBearerCyclerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const linkedTarget = useRef<HTMLElement>(undefined);
  const enhanced = useHydrated();
  const [index, setIndex] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const count = bearers.length;

  useEffect(() => {
    if (!enhanced) return;
    const items = rootRef.current?.querySelectorAll<HTMLElement>('[data-bearer]') ?? [];
    items.forEach((item, itemIndex) => {
      item.hidden = itemIndex !== index;
    });
    // The bearer a link named is shown now: bring the branch into view, its name and this card.
    const linked = linkedTarget.current;
    linkedTarget.current = undefined;
    if (linked && items[index]?.contains(linked)) {
      (rootRef.current?.closest('section') ?? linked).scrollIntoView({ block: 'start' });
    }
  }, [enhanced, index]);

  // A link to one of these bearers (/branches#salem-2, as search results give) shows that one,
  // on arrival and when the address's #anchor changes.
  useEffect(() => {
    if (!enhanced) return;
    const showLinked = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      const items = [...(rootRef.current?.querySelectorAll<HTMLElement>('[data-bearer]') ?? [])];
      const linked = items.findIndex((item) => target !== null && item.contains(target));
      if (linked < 0 || !target) return;
      linkedTarget.current = target;
      setIndex(linked);
    };
    showLinked();
    window.addEventListener('hashchange', showLinked);
    return () => window.removeEventListener('hashchange', showLinked);
  }, [enhanced]);

  if (count < 2) return <div className="cycler">{children}</div>;

  const step = (delta: number) => {
    const next = wrapIndex(index, delta, count);
    const bearer = bearers[next];
    setIndex(next);
    if (bearer) setAnnouncement(`${next + 1} of ${count}: ${bearer.name}, ${bearer.position}`);
  };

  return (
    <div ref={rootRef} className="cycler" data-enhanced={enhanced ? '' : undefined}>
      {children}
      <div className="cycler__controls" data-pagefind-ignore="">
        <button type="button" className="cycler__button round-button" disabled={!enhanced} onClick={() => step(-1)}>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor">
            <path d="M15 6l-6 6 6 6" strokeWidth="2.5" />
          </svg>
          <span className="visually-hidden">Previous {branch} bearer</span>
        </button>
        <p className="cycler__position" aria-hidden="true">
          {index + 1} / {count}
        </p>
        <button type="button" className="cycler__button round-button" disabled={!enhanced} onClick={() => step(1)}>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor">
            <path d="M9 6l6 6-6 6" strokeWidth="2.5" />
          </svg>
          <span className="visually-hidden">Next {branch} bearer</span>
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite" data-pagefind-ignore="">
        {announcement}
      </p>
    </div>
  );
}
