/**
 * The photos of an event in the admin's event form: add them (PhotoUploader, in the order chosen),
 * give each a Description (its caption and alt text), put them in order by dragging (pointer or
 * touch, on the handle) or with Move up / Move down (buttons, for the keyboard and screen
 * readers; focus stays with the photo, the new place is announced), choose the cover, and delete
 * one after a confirmation in place. Descriptions, order and cover are saved as they change
 * (usePhotoAutosave.ts), uploads and deletions at once; an ended session is said as such, in view.
 * Without JavaScript the descriptions and cover go with the form's Publish or Save draft (hidden
 * field photo_order, description_<id>, cover), and Delete leads to a confirmation page.
 */
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../useHydrated.ts';
import { postToAdmin, SIGNED_OUT_MESSAGE } from './adminRequest.ts';
import { PhotoUploader, type UploadedPhoto } from './PhotoUploader.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import { forgetArrangement, keptArrangement, usePhotoAutosave, type Arrangement } from './usePhotoAutosave.ts';
import { useDragToReorder } from './useDragToReorder.ts';
import './PhotoManager.css';

export type EditorPhoto = UploadedPhoto;

interface Props {
  eventId: number;
  initialPhotos: EditorPhoto[];
  initialCoverId: number | undefined;
  maxPhotos: number;
  csrfToken: string;
}

/** The photos and cover as kept in this browser and not saved yet, applied to those the event has. */
function restore(photos: EditorPhoto[], kept: Arrangement): { photos: EditorPhoto[]; cover: number | undefined } {
  const listed = kept.photos.flatMap(({ id, description }) => {
    const photo = photos.find((candidate) => candidate.id === id);
    return photo ? [{ ...photo, description }] : [];
  });
  const rest = photos.filter((photo) => !kept.photos.some((candidate) => candidate.id === photo.id));
  return { photos: [...listed, ...rest], cover: kept.cover ?? undefined };
}

export function PhotoManager({ eventId, initialPhotos, initialCoverId, maxPhotos, csrfToken }: Props) {
  const hydrated = useHydrated();
  const [photos, setPhotos] = useState(initialPhotos);
  const [coverId, setCoverId] = useState(initialCoverId ?? initialPhotos[0]?.id);
  const [confirming, setConfirming] = useState<number>();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<{ photoId: number | undefined; message: string }>();
  const [signedOut, setSignedOut] = useState(false);
  const focusAfter = useRef<string>(undefined);
  const list = useRef<HTMLOListElement>(null);

  // What this browser kept and the server does not have yet (Preview, an ended session) comes
  // back once hydrated (set while rendering, React's pattern for state from an earlier render).
  const [keptChecked, setKeptChecked] = useState(false);
  if (hydrated && !keptChecked) {
    setKeptChecked(true);
    const kept = keptArrangement(eventId);
    const back = kept && restore(photos, kept);
    const same = (list: EditorPhoto[]) => JSON.stringify(list.map(({ id, description }) => [id, description]));
    if (back && (same(back.photos) !== same(photos) || (back.cover !== undefined && back.cover !== coverId))) {
      setPhotos(back.photos);
      if (back.cover !== undefined) setCoverId(back.cover);
    } else forgetArrangement(eventId);
  }

  useEffect(() => {
    if (!focusAfter.current) return;
    list.current?.querySelector<HTMLElement>(focusAfter.current)?.focus();
    focusAfter.current = undefined;
  });

  const cover = photos.some((photo) => photo.id === coverId) ? coverId : photos[0]?.id;
  const arrangement: Arrangement = {
    photos: photos.map(({ id, description }) => ({ id, description })),
    cover: cover ?? null,
  };
  const autosave = usePhotoAutosave(eventId, csrfToken, arrangement);
  const announceMove = (photo: EditorPhoto, target: number) => {
    const number = photos.findIndex((candidate) => candidate.id === photo.id) + 1;
    setStatus(`Photo ${photo.description || number} moved to place ${target + 1} of ${photos.length}.`);
  };
  const drag = useDragToReorder(list, photos, setPhotos, announceMove);

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const moved = photos[index];
    if (!moved || target < 0 || target >= photos.length) return;
    const next = [...photos];
    next.splice(index, 1);
    next.splice(target, 0, moved);
    setPhotos(next);
    const direction = target === 0 ? 'down' : target === photos.length - 1 ? 'up' : by < 0 ? 'up' : 'down';
    focusAfter.current = `#photo-${moved.id} [data-move="${direction}"]`;
    setStatus(`Photo moved to place ${target + 1} of ${photos.length}.`);
  };

  const remove = async (photo: EditorPhoto, index: number) => {
    setError(undefined);
    const answer = await postToAdmin(`/Admin/edit/events/${eventId}/photos/${photo.id}`, csrfToken);
    if (answer.outcome === 'signed-out' || answer.outcome === 'failed') {
      if (answer.outcome === 'signed-out') setSignedOut(true);
      const message =
        answer.outcome === 'signed-out' ? SIGNED_OUT_MESSAGE : `The photo was not deleted. ${answer.message}`;
      setError({ photoId: photo.id, message });
      return;
    }
    const next = photos.filter((candidate) => candidate.id !== photo.id);
    setPhotos(next);
    setConfirming(undefined);
    const neighbour = next[Math.min(index, next.length - 1)];
    focusAfter.current = neighbour ? `#photo-${neighbour.id} [data-move]` : undefined;
    if (!neighbour) document.getElementById('photo-files')?.focus();
    setStatus('The photo was deleted.');
  };

  const askToRemove = (photo: EditorPhoto) => {
    setConfirming(photo.id);
    focusAfter.current = `#photo-${photo.id} [data-confirm]`;
  };

  const saveStatus = signedOut ? { state: 'signed-out' as const, message: SIGNED_OUT_MESSAGE } : autosave.status;
  return (
    <div className="photo-manager">
      <PhotoUploader
        eventId={eventId}
        csrfToken={csrfToken}
        room={maxPhotos - photos.length}
        maxPhotos={maxPhotos}
        enabled={hydrated}
        onUploaded={(photo) => setPhotos((current) => [...current, photo])}
        onSignedOut={() => setSignedOut(true)}
      />
      <p className="admin-hint">
        {photos.length} of at most {maxPhotos} photos.{' '}
        {hydrated
          ? 'Descriptions, order and cover are saved as you change them. Drag a photo by its handle, or use Move up and Move down.'
          : 'Descriptions, order and cover are kept when you Publish or Save draft.'}
      </p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      <input type="hidden" name="photo_order" value={photos.map((photo) => photo.id).join(',')} />
      <ol className="photo-list" ref={list}>
        {photos.map((photo, index) => (
          <li
            key={photo.id}
            id={`photo-${photo.id}`}
            className={`photo-item${drag.draggingId === photo.id ? ' photo-item--dragging' : ''}`}
          >
            <div className="photo-item__picture">
              <img src={photo.thumbnail} alt={photo.description || `Photo ${index + 1}`} width={160} height={120} />
              {hydrated && (
                <span
                  className="photo-item__drag"
                  aria-hidden="true"
                  onPointerDown={(event) => drag.start(event, photo)}
                >
                  ⠿ Drag
                </span>
              )}
            </div>
            <div className="photo-item__fields">
              <div className="admin-field">
                <label htmlFor={`description_${photo.id}`}>
                  Description<span className="visually-hidden"> of photo {index + 1}</span>
                </label>
                <input
                  id={`description_${photo.id}`}
                  name={`description_${photo.id}`}
                  maxLength={300}
                  value={photo.description}
                  onChange={(event) => {
                    const description = event.currentTarget.value;
                    setPhotos((current) =>
                      current.map((candidate) =>
                        candidate.id === photo.id ? { ...candidate, description } : candidate,
                      ),
                    );
                  }}
                />
              </div>
              <label className="photo-item__cover">
                <input
                  type="radio"
                  name="cover"
                  value={photo.id}
                  checked={cover === photo.id}
                  onChange={() => setCoverId(photo.id)}
                />{' '}
                Cover<span className="visually-hidden"> (photo {index + 1})</span>
              </label>
              <div className="admin-actions" role="group" aria-label={`Photo ${index + 1} of ${photos.length}`}>
                <button
                  type="button"
                  className="button button--outline button--small"
                  data-move="up"
                  disabled={!hydrated || index === 0}
                  onClick={() => move(index, -1)}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="button button--outline button--small"
                  data-move="down"
                  disabled={!hydrated || index === photos.length - 1}
                  onClick={() => move(index, 1)}
                >
                  Move down
                </button>
                {confirming === photo.id ? (
                  <>
                    <span className="admin-error">Delete this photo?</span>
                    <button
                      type="button"
                      className="button button--danger button--small"
                      data-confirm
                      onClick={() => void remove(photo, index)}
                    >
                      Yes, delete
                    </button>
                    <button
                      type="button"
                      className="button button--outline button--small"
                      onClick={() => {
                        setConfirming(undefined);
                        focusAfter.current = `#photo-${photo.id} [data-remove]`;
                      }}
                    >
                      Cancel
                    </button>
                  </>
                ) : hydrated ? (
                  <button
                    type="button"
                    className="button button--outline button--small"
                    data-remove
                    onClick={() => askToRemove(photo)}
                  >
                    Delete<span className="visually-hidden"> photo {index + 1}</span>
                  </button>
                ) : (
                  <a
                    className="button button--outline button--small"
                    href={`/Admin/events/${eventId}/photos/${photo.id}/delete`}
                  >
                    Delete<span className="visually-hidden"> photo {index + 1}</span>
                  </a>
                )}
              </div>
              {error?.photoId === photo.id && (
                <p role="alert" className="admin-error">
                  {error.message}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
      {hydrated && <SaveStatus status={saveStatus} onRetry={autosave.retry} />}
    </div>
  );
}
