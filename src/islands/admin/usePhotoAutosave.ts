/**
 * Saves the photos' order, descriptions and cover as they change, a moment after the last change,
 * through POST /Admin/edit/events/<id>/arrangement, with the version and arrangement it started
 * from (the base): the server merges what this tab changed into what is stored (so another tab's
 * changes are kept) and answers with the photos as stored, which this tab then takes for what it
 * did not change since (photos deleted elsewhere go, those added elsewhere come). Coming back to
 * the tab asks the server the same way. Until the server has them, the changes are kept in
 * sessionStorage with their base, so that a closed tab, Preview or an ended session loses nothing.
 */
import { useEffect, useRef, useState } from 'react';
import type { Arrangement } from '../../lib/events/mergeEdits.ts';
import { postToAdmin } from './adminRequest.ts';
import { readArrangement, readSavedAnswer, type SavedAnswer } from './photoAnswers.ts';

export type { Arrangement };

export type SaveState = { state: 'saved' | 'saving' | 'waiting' } | { state: 'signed-out' | 'failed'; message: string };

/** What this tab changed and has not saved yet, with what it started from. */
export interface KeptArrangement {
  version: number;
  base: Arrangement | undefined;
  mine: Arrangement;
}

const DELAY_MS = 700;
const keyOf = (eventId: number) => `isa-admin-photos:${eventId}`;

/** Forgets what was kept for `eventId` (the server has the same). */
export function forgetArrangement(eventId: number): void {
  sessionStorage.removeItem(keyOf(eventId));
}

/** The arrangement kept for `eventId` in this browser and not yet saved, if any. */
export function keptArrangement(eventId: number): KeptArrangement | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(keyOf(eventId)) ?? 'null');
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
  /** The server's answer to a save of `sent` (the tab takes what it did not change since). */
  onSaved: (sent: Arrangement, answer: SavedAnswer) => void;
}

/**
 * Saves `arrangement` whenever it differs from what the server has (as the page came, or as last
 * saved). `base` is the arrangement the page came with (what the server had).
 */
export function usePhotoAutosave(arrangement: Arrangement, base: Arrangement, options: Options) {
  // The arrangement is compared, and sent, as its JSON text, as the server keeps it (trimmed).
  const { eventId, csrfToken, initialVersion } = options;
  const text = JSON.stringify({
    photos: arrangement.photos.map(({ id, description }) => ({ id, description: description.trim() })),
    cover: arrangement.cover,
  });
  const saved = useRef(JSON.stringify(base));
  const version = useRef(initialVersion);
  const onSaved = useRef(options.onSaved);
  useEffect(() => {
    onSaved.current = options.onSaved;
  });
  const [savedText, setSavedText] = useState(saved.current);
  const [status, setStatus] = useState<SaveState>({ state: 'saved' });
  const [attempt, setAttempt] = useState(0);
  const asking = useRef(false);

  useEffect(() => {
    if (text === saved.current && !asking.current) return undefined;
    const quiet = text === saved.current;
    if (!quiet) {
      const kept = { version: version.current, base: JSON.parse(saved.current), mine: JSON.parse(text) };
      sessionStorage.setItem(keyOf(eventId), JSON.stringify(kept));
      setStatus({ state: 'waiting' });
    }
    const timer = window.setTimeout(
      () => {
        asking.current = false;
        if (!quiet) setStatus({ state: 'saving' });
        const sent: Arrangement = JSON.parse(text);
        const body = { version: version.current, base: JSON.parse(saved.current), ...sent };
        void postToAdmin(`/Admin/edit/events/${eventId}/arrangement`, csrfToken, body).then((answer) => {
          const read = answer.outcome === 'ok' ? readSavedAnswer(answer.body) : undefined;
          if (answer.outcome === 'ok' && read) {
            version.current = read.version;
            saved.current = JSON.stringify(read.arrangement);
            setSavedText(saved.current);
            if (sessionStorage.getItem(keyOf(eventId))?.includes(text)) sessionStorage.removeItem(keyOf(eventId));
            setStatus({ state: 'saved' });
            onSaved.current(sent, read);
          } else if (answer.outcome !== 'ok') {
            setStatus({ state: answer.outcome === 'signed-out' ? 'signed-out' : 'failed', message: answer.message });
          }
        });
      },
      quiet ? 0 : DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [text, eventId, csrfToken, attempt]);

  // Back in this tab: ask the server for what changed elsewhere (the same request, nothing changed).
  useEffect(() => {
    const look = () => {
      if (document.visibilityState !== 'visible') return;
      asking.current = true;
      setAttempt((count) => count + 1);
    };
    document.addEventListener('visibilitychange', look);
    return () => document.removeEventListener('visibilitychange', look);
  }, []);

  /** Whether something typed is not saved yet (the page asks before it is left). */
  // A form post (Publish, Save draft, Preview) carries them too, and they stay kept: no question then.
  const unsaved = text !== savedText;
  useEffect(() => {
    if (!unsaved) return undefined;
    let submitting = false;
    const submitted = (event: SubmitEvent) => {
      submitting = !event.defaultPrevented;
    };
    const warn = (event: BeforeUnloadEvent) => {
      if (!submitting) event.preventDefault();
    };
    document.addEventListener('submit', submitted);
    window.addEventListener('beforeunload', warn);
    return () => {
      document.removeEventListener('submit', submitted);
      window.removeEventListener('beforeunload', warn);
    };
  }, [unsaved]);

  return {
    status,
    retry: () => setAttempt((count) => count + 1),
    /** What the server had when last heard from (the form's `photos_base`). */
    base: savedText,
  };
}
