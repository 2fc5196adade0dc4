/**
 * Saves the photos' order, descriptions and cover as they change, a moment after the last change, through the
 * admin action admin.events.arrange (src/actions/events.ts), with the version and arrangement it started from
 * (the base): the server merges what this tab changed into what is stored (so another tab's changes are kept) and
 * answers with the photos as stored, which this tab then takes for what it did not change since (photos deleted
 * elsewhere go, those added elsewhere come). Coming back to the tab asks the server the same way.
 *
 * "All changes saved" is a promise: it is said only while the server's last answer is what the page shows, no
 * save is on its way and no photo is still uploading; otherwise "Saving…". One save is on its way at a time; a
 * change made meanwhile is sent when it is answered. Until the server has them, the changes are kept in this
 * browser (localStorage, which a closed browser keeps) with their base; when the page is closed with changes not
 * saved, they are sent once more as it goes (a request that outlives the page), and the page says on return
 * what had not been saved (PhotoManager.tsx).
 */
import { actions } from 'astro:actions';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Arrangement } from '../../lib/events/mergeEdits.ts';
import { callAction } from './adminRequest.ts';
import { readArrangement, readSavedAnswer, type SavedAnswer } from './photoAnswers.ts';

export type { Arrangement };

export type SaveState = { state: 'saved' | 'saving' } | { state: 'signed-out' | 'failed'; message: string };

/** What this tab changed and has not saved yet, with what it started from. */
export interface UnsavedArrangement {
  version: number;
  base: Arrangement | undefined;
  mine: Arrangement;
}

const DELAY_MS = 700;
const keyOf = (eventId: number) => `isa-admin-photos:${eventId}`;
const ARRANGE = actions.admin.events.arrange.queryString;

/** The arrangement as it is compared and sent: as the server keeps it (descriptions trimmed). */
const textOf = (arrangement: Arrangement) =>
  JSON.stringify({
    photos: arrangement.photos.map(({ id, description }) => ({ id, description: description.trim() })),
    cover: arrangement.cover,
  });

function keep(eventId: number, unsaved: UnsavedArrangement): void {
  try {
    localStorage.setItem(keyOf(eventId), JSON.stringify(unsaved));
  } catch {
    // A full or refused storage keeps nothing for later; the page still saves.
  }
}

/** Forgets what was kept for `eventId` (the server has the same). */
export function forgetArrangement(eventId: number): void {
  try {
    localStorage.removeItem(keyOf(eventId));
  } catch {
    // Nothing was kept.
  }
}

/** The arrangement kept for `eventId` in this browser and not yet saved, if any. */
export function unsavedArrangement(eventId: number): UnsavedArrangement | undefined {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyOf(eventId)) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const mine = readArrangement(Reflect.get(value, 'mine'));
    if (!mine) return undefined;
    const version: unknown = Reflect.get(value, 'version');
    return {
      version: typeof version === 'number' ? version : 0,
      base: readArrangement(Reflect.get(value, 'base')),
      mine,
    };
  } catch {
    return undefined;
  }
}

interface Options {
  eventId: number;
  csrfToken: string;
  /** The version of the event the page was made from. */
  initialVersion: number;
  /** Photos chosen and not yet in the list (uploading): until they are, the list is not saved. */
  uploading: boolean;
  /** The server's answer to a save of `sent` (the tab takes what it did not change since). */
  onSaved: (sent: Arrangement, answer: SavedAnswer) => void;
}

/**
 * Saves `arrangement` whenever it differs from what the server has (as the page came, or as last saved). `base` is
 * the arrangement the page came with (what the server had).
 */
export function usePhotoAutosave(arrangement: Arrangement, base: Arrangement, options: Options) {
  const { eventId, csrfToken, initialVersion, uploading } = options;
  const text = textOf(arrangement);
  const [savedText, setSavedText] = useState(() => textOf(base));
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Extract<SaveState, { message: string }>>();
  // What the handlers read of the latest render: they may run before React renders again.
  const latest = useRef({ text, savedText, version: initialVersion, onSaved: options.onSaved });
  useEffect(() => {
    latest.current = { ...latest.current, text, savedText, onSaved: options.onSaved };
  });
  const inFlight = useRef(false);
  const again = useRef(false);

  /** Sends what the page shows now; one save at a time, the latest change sent once the one on its way is answered. */
  const save = useCallback(async () => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      do {
        again.current = false;
        const sentText = latest.current.text;
        const sent: Arrangement = JSON.parse(sentText);
        const input = { version: latest.current.version, base: JSON.parse(latest.current.savedText), ...sent };
        const answer = await callAction(`/Admin/events/${eventId}`, ARRANGE, { input, csrfToken });
        const read = answer.outcome === 'ok' ? readSavedAnswer(answer.body) : undefined;
        if (!read) {
          const message = answer.outcome === 'ok' ? 'The answer could not be read. Please try again.' : answer.message;
          setProblem({ state: answer.outcome === 'signed-out' ? 'signed-out' : 'failed', message });
          return;
        }
        setProblem(undefined);
        const stored = textOf(read.arrangement);
        latest.current = { ...latest.current, version: read.version, savedText: stored };
        setSavedText(stored);
        if (stored === latest.current.text) forgetArrangement(eventId);
        latest.current.onSaved(sent, read);
      } while (again.current);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, [eventId, csrfToken]);

  // A change not yet on the server: kept in this browser, and sent a moment after the last change.
  useEffect(() => {
    if (text === savedText) return undefined;
    keep(eventId, { version: latest.current.version, base: JSON.parse(savedText), mine: JSON.parse(text) });
    const timer = window.setTimeout(() => void save(), DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, savedText, eventId, save]);

  // Back in this tab: ask the server for what changed elsewhere (the same request). Leaving the page with changes
  // not saved (not by the form's own post, which carries them): they are sent once more, in a request that
  // outlives the page, and stay kept meanwhile.
  useEffect(() => {
    let submitting = false;
    const submitted = (event: SubmitEvent) => {
      submitting = !event.defaultPrevented;
    };
    const look = () => {
      if (document.visibilityState === 'visible') void save();
    };
    const leave = () => {
      const { text: shown, savedText: stored, version } = latest.current;
      if (shown === stored || submitting) return;
      const input = { version, base: JSON.parse(stored), ...JSON.parse(shown) };
      void callAction(`/Admin/events/${eventId}`, ARRANGE, { input, csrfToken, keepalive: true });
    };
    document.addEventListener('submit', submitted);
    document.addEventListener('visibilitychange', look);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('submit', submitted);
      document.removeEventListener('visibilitychange', look);
      window.removeEventListener('pagehide', leave);
    };
  }, [eventId, csrfToken, save]);

  /** Whether something shown is not saved yet: the event form asks before the page is left (eventFormKeeper.ts). */
  const unsaved = text !== savedText || uploading;

  let status: SaveState = { state: 'saving' };
  if (problem) status = problem;
  else if (!unsaved && !sending) status = { state: 'saved' };
  return {
    status,
    unsaved,
    retry: () => void save(),
    /** What the server had when last heard from (the form's `photos_base`). */
    base: savedText,
  };
}
