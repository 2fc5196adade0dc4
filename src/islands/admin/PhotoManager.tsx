/**
 * The photos of an event in the admin's event form: add them (PhotoUploader, in the order chosen),
 * give each a Description (its caption and alt text), put them in order by dragging (pointer or
 * touch, on the handle) or with Move up / Move down (buttons, for the keyboard and screen
 * readers; focus stays with the photo, the new place is announced), choose the cover, and delete
 * one after a confirmation in place (PhotoCard.tsx). Descriptions, order and cover are saved as
 * they change (usePhotoAutosave.ts), merged with what other tabs saved meanwhile; uploads and
 * deletions at once; an ended session is said as such, in view. A photo uploaded here joins the
 * list in the order chosen, never earlier from a save's answer (the server adds it as its upload
 * ends). Changes the page had not saved when it was left come back, and it says so. Without JavaScript the
 * descriptions and cover go with the form's Publish or Save draft (hidden field photo_order,
 * description_<id>, cover, and photos_base: what the server had, to merge from), and Delete leads
 * to a confirmation page.
 */
import { useEffect, useRef, useState } from 'react';
import { clashInWords, mergeArrangement, mergeValue } from '../../lib/events/mergeEdits.ts';
import { useHydrated } from '../useHydrated.ts';
import { postToAdmin, SIGNED_OUT_MESSAGE } from './adminRequest.ts';
import { PhotoCard } from './PhotoCard.tsx';
import { arrangementOfPhotos, takeAnswer, withoutPhotos, type EditorPhoto } from './photoAnswers.ts';
import { PhotoUploader } from './PhotoUploader.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import { forgetArrangement, unsavedArrangement, usePhotoAutosave } from './usePhotoAutosave.ts';
import { useDragToReorder } from './useDragToReorder.ts';
import './PhotoManager.css';

export type { EditorPhoto };

interface Props {
  eventId: number;
  initialPhotos: EditorPhoto[];
  initialCoverId: number | undefined;
  maxPhotos: number;
  csrfToken: string;
  /** The event's version the page was made from. */
  initialVersion: number;
}

export function PhotoManager({ eventId, initialPhotos, initialCoverId, maxPhotos, csrfToken, initialVersion }: Props) {
  const hydrated = useHydrated();
  const [photos, setPhotos] = useState(initialPhotos);
  const [coverId, setCoverId] = useState(initialCoverId ?? initialPhotos[0]?.id);
  const [confirming, setConfirming] = useState<number>();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<{ photoId: number | undefined; message: string }>();
  const [signedOut, setSignedOut] = useState(false);
  const [clashes, setClashes] = useState<string[]>([]);
  const [restored, setRestored] = useState(false);
  const [uploading, setUploading] = useState(false);
  /** Photos uploaded here and stored, not yet in the list (an earlier choice still on its way): not taken from answers. */
  const awaited = useRef(new Set<number>());
  const focusAfter = useRef<string>(undefined);
  const list = useRef<HTMLOListElement>(null);
  const [pageBase] = useState(() => arrangementOfPhotos(initialPhotos, initialCoverId ?? initialPhotos[0]?.id));

  // What this browser kept and the server does not have yet (Preview, an ended session) comes
  // back once hydrated, merged with what the page has now (other tabs may have saved meanwhile).
  const [unsavedChecked, setUnsavedChecked] = useState(false);
  if (hydrated && !unsavedChecked) {
    setUnsavedChecked(true);
    const unsaved = unsavedArrangement(eventId);
    if (unsaved) {
      const { merged, clashes: lost } = mergeArrangement(unsaved.base ?? pageBase, unsaved.mine, pageBase);
      const back = merged.photos.flatMap(({ id, description }) => {
        const photo = photos.find((candidate) => candidate.id === id);
        return photo ? [{ ...photo, description }] : [];
      });
      setPhotos(back);
      if (merged.cover !== null) setCoverId(merged.cover);
      setClashes(lost.map(clashInWords));
      if (JSON.stringify(merged) === JSON.stringify(pageBase)) forgetArrangement(eventId);
      else setRestored(true);
    }
  }

  useEffect(() => {
    if (!focusAfter.current) return;
    list.current?.querySelector<HTMLElement>(focusAfter.current)?.focus();
    focusAfter.current = undefined;
  });

  const cover = photos.some((photo) => photo.id === coverId) ? coverId : photos[0]?.id;
  const arrangement = arrangementOfPhotos(photos, cover);
  const autosave = usePhotoAutosave(arrangement, pageBase, {
    eventId,
    csrfToken,
    initialVersion,
    uploading,
    // From the state as it is when the answer comes (an upload may have finished meanwhile).
    onSaved: (sent, stored) => {
      const answer = withoutPhotos(stored, awaited.current);
      setPhotos((current) => takeAnswer(sent, { photos: current, cover: undefined }, answer).photos);
      setCoverId(
        (current) => mergeValue(sent.cover, current ?? sent.cover, answer.arrangement.cover, 'mine').value ?? undefined,
      );
      if (answer.clashes.length > 0) setClashes(answer.clashes);
    },
  });
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
    // Deleted here, or elsewhere already ('gone'): either way it goes from the list.
    const next = photos.filter((candidate) => candidate.id !== photo.id);
    setPhotos(next);
    setConfirming(undefined);
    const neighbour = next[Math.min(index, next.length - 1)];
    focusAfter.current = neighbour ? `#photo-${neighbour.id} [data-move]` : undefined;
    if (!neighbour) document.getElementById('photo-files')?.focus();
    setStatus('The photo was deleted.');
  };

  const saveStatus = signedOut ? { state: 'signed-out' as const, message: SIGNED_OUT_MESSAGE } : autosave.status;
  return (
    <div className="photo-manager" data-photos-unsaved={autosave.unsaved || undefined}>
      <PhotoUploader
        eventId={eventId}
        csrfToken={csrfToken}
        room={maxPhotos - photos.length}
        maxPhotos={maxPhotos}
        enabled={hydrated}
        onStored={(photo) => awaited.current.add(photo.id)}
        onUploaded={(photo) => {
          awaited.current.delete(photo.id);
          setPhotos((current) => (current.some(({ id }) => id === photo.id) ? current : [...current, photo]));
        }}
        onUploading={setUploading}
        onSignedOut={() => setSignedOut(true)}
        storedFiles={photos.map((photo) => ({ name: photo.originalName ?? '', size: photo.originalSize ?? 0 }))}
      />
      <p className="admin-hint">
        {photos.length} of at most {maxPhotos} photos.{' '}
        {hydrated
          ? 'Descriptions, order and cover are saved as you change them. Drag a photo by its handle, or use Move up and Move down.'
          : 'Descriptions, order and cover are kept when you Publish or Save draft.'}
      </p>
      {restored && (
        <p className="admin-notice" role="status" data-photos-restored>
          Changes to these photos that had not reached the server when this page was last left are shown again here, and
          saved now.
        </p>
      )}
      {clashes.length > 0 && (
        <div className="admin-alert" role="alert" data-photo-clashes>
          <p>Another tab or device changed these photos meanwhile; its changes are kept:</p>
          <ul>
            {clashes.map((clash) => (
              <li key={clash}>{clash}</li>
            ))}
          </ul>
          <button type="button" className="button button--outline button--small" onClick={() => setClashes([])}>
            Close this note
          </button>
        </div>
      )}
      <p role="status" className="visually-hidden">
        {status}
      </p>
      <input type="hidden" name="photo_order" value={photos.map((photo) => photo.id).join(',')} />
      <input type="hidden" name="photos_base" value={autosave.base} />
      <ol className="photo-list" ref={list}>
        {photos.map((photo, index) => (
          <PhotoCard
            key={photo.id}
            photo={photo}
            index={index}
            count={photos.length}
            eventId={eventId}
            isCover={cover === photo.id}
            hydrated={hydrated}
            dragging={drag.draggingId === photo.id}
            confirming={confirming === photo.id}
            error={error?.photoId === photo.id ? error.message : undefined}
            onDragStart={(event) => drag.start(event, photo)}
            onDescription={(description) =>
              setPhotos((current) =>
                current.map((candidate) => (candidate.id === photo.id ? { ...candidate, description } : candidate)),
              )
            }
            onCover={() => setCoverId(photo.id)}
            onMove={(by) => move(index, by)}
            onAskRemove={() => {
              setConfirming(photo.id);
              focusAfter.current = `#photo-${photo.id} [data-confirm]`;
            }}
            onCancelRemove={() => {
              setConfirming(undefined);
              focusAfter.current = `#photo-${photo.id} [data-remove]`;
            }}
            onRemove={() => void remove(photo, index)}
          />
        ))}
      </ol>
      {hydrated && <SaveStatus status={saveStatus} onRetry={autosave.retry} />}
    </div>
  );
}
