/**
 * The photos of an event in the admin's event form: add them (PhotoUploader), give each a
 * Description (its caption and alt text), put them in order with Move up / Move down (buttons, so
 * the keyboard can do it; focus stays with the photo), choose the cover, and delete one after a
 * confirmation in place. Order, descriptions and cover go with the form's Publish or Save draft
 * (hidden field photo_order, description_<id>, cover); uploads and deletions are saved at once.
 * Without JavaScript the descriptions and cover still work, and Delete leads to a confirmation page.
 */
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../useHydrated.ts';
import { PhotoUploader, type UploadedPhoto } from './PhotoUploader.tsx';
import './PhotoManager.css';

export type EditorPhoto = UploadedPhoto;

interface Props {
  eventId: number;
  initialPhotos: EditorPhoto[];
  initialCoverId: number | undefined;
  maxPhotos: number;
  csrfToken: string;
}

export function PhotoManager({ eventId, initialPhotos, initialCoverId, maxPhotos, csrfToken }: Props) {
  const hydrated = useHydrated();
  const [photos, setPhotos] = useState(initialPhotos);
  const [coverId, setCoverId] = useState(initialCoverId ?? initialPhotos[0]?.id);
  const [confirming, setConfirming] = useState<number>();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const focusAfter = useRef<string>(undefined);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!focusAfter.current) return;
    list.current?.querySelector<HTMLElement>(focusAfter.current)?.focus();
    focusAfter.current = undefined;
  });

  const cover = photos.some((photo) => photo.id === coverId) ? coverId : photos[0]?.id;

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
    setStatus(`Photo moved to place ${target + 1} of ${photos.length}. Publish or Save draft keeps the new order.`);
  };

  const remove = async (photo: EditorPhoto, index: number) => {
    setError('');
    const response = await fetch(`/Admin/edit/events/${eventId}/photos/${photo.id}`, {
      method: 'POST',
      headers: { 'X-CSRF-Token': csrfToken, Accept: 'application/json' },
    }).catch(() => undefined);
    if (!response?.ok && response?.status !== 404) {
      setError('The photo could not be deleted just now. Please try again.');
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

  return (
    <div className="photo-manager">
      <PhotoUploader
        eventId={eventId}
        csrfToken={csrfToken}
        room={maxPhotos - photos.length}
        maxPhotos={maxPhotos}
        enabled={hydrated}
        onUploaded={(photo) => setPhotos((current) => [...current, photo])}
      />
      <p className="admin-hint">
        {photos.length} of at most {maxPhotos} photos. Descriptions, order and cover are kept when you Publish or Save
        draft.
      </p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {error && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
      <input type="hidden" name="photo_order" value={photos.map((photo) => photo.id).join(',')} />
      <ol className="photo-list" ref={list}>
        {photos.map((photo, index) => (
          <li key={photo.id} id={`photo-${photo.id}`} className="photo-item">
            <img src={photo.thumbnail} alt={photo.description || `Photo ${index + 1}`} width={160} height={120} />
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
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
