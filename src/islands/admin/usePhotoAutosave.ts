/**
 * Saves the photos' order, descriptions and cover as they change (issue 24), a moment after the
 * last change, through POST /Admin/edit/events/<id>/arrangement. Until the server has them they
 * are kept in sessionStorage, so that a closed tab, Preview or an ended session loses nothing:
 * the page brings them back (restoreArrangement) and saves them once signed in again.
 */
import { useEffect, useRef, useState } from 'react';
import { postToAdmin } from './adminRequest.ts';

export interface Arrangement {
  photos: { id: number; description: string }[];
  cover: number | null;
}

export type SaveState = { state: 'saved' | 'saving' | 'waiting' } | { state: 'signed-out' | 'failed'; message: string };

const DELAY_MS = 700;
const keyOf = (eventId: number) => `isa-admin-photos:${eventId}`;

/** Forgets what was kept for `eventId` (the server has the same). */
export function forgetArrangement(eventId: number): void {
  sessionStorage.removeItem(keyOf(eventId));
}

/** The arrangement kept for `eventId` in this browser and not yet saved, if any. */
export function keptArrangement(eventId: number): Arrangement | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(keyOf(eventId)) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const photos: unknown = Reflect.get(value, 'photos');
    const cover: unknown = Reflect.get(value, 'cover');
    if (!Array.isArray(photos)) return undefined;
    const list = photos.flatMap((photo: unknown) => {
      if (typeof photo !== 'object' || photo === null) return [];
      const id: unknown = Reflect.get(photo, 'id');
      const description: unknown = Reflect.get(photo, 'description');
      return typeof id === 'number' && typeof description === 'string' ? [{ id, description }] : [];
    });
    return { photos: list, cover: typeof cover === 'number' ? cover : null };
  } catch {
    return undefined;
  }
}

/**
 * Saves `arrangement` whenever it differs from what the server has (as the page came, or as last
 * saved). What this browser kept is read by the page first (keptArrangement) and, once applied,
 * differs from the page's: so it is saved again, once signed in.
 */
export function usePhotoAutosave(eventId: number, csrfToken: string, arrangement: Arrangement) {
  const text = JSON.stringify(arrangement);
  const saved = useRef(text);
  const [status, setStatus] = useState<SaveState>({ state: 'saved' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (text === saved.current) return undefined;
    sessionStorage.setItem(keyOf(eventId), text);
    setStatus({ state: 'waiting' });
    const timer = window.setTimeout(() => {
      setStatus({ state: 'saving' });
      void postToAdmin(`/Admin/edit/events/${eventId}/arrangement`, csrfToken, JSON.parse(text)).then((answer) => {
        if (answer.outcome === 'ok') {
          saved.current = text;
          if (sessionStorage.getItem(keyOf(eventId)) === text) sessionStorage.removeItem(keyOf(eventId));
          setStatus({ state: 'saved' });
        } else {
          setStatus({ state: answer.outcome === 'signed-out' ? 'signed-out' : 'failed', message: answer.message });
        }
      });
    }, DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, eventId, csrfToken, attempt]);

  /** Whether something typed is not saved yet (the page asks before it is left). */
  // A form post (Publish, Save draft, Preview) carries them too, and they stay kept: no question then.
  const unsaved = text !== saved.current;
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

  return { status, retry: () => setAttempt((count) => count + 1) };
}
