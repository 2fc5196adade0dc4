/**
 * Adds photos to an event: drop them here or choose several at once. Each file goes up in a
 * request of its own (XMLHttpRequest, for its own progress bar), two at a time, so a batch of 40
 * phone photos never sits in the server's memory at once. A refused file shows why (the
 * server's message) and the rest of the batch goes on. Photos are handed on in the order they
 * were chosen, whatever order their uploads finish in; one that failed on the way (the
 * connection, the server, an ended session) can be sent again with Retry.
 */
import pLimit from 'p-limit';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { UPLOAD_ACCEPT } from '../../lib/imageTypes.ts';
import type { EditorPhoto } from './photoAnswers.ts';
import { send, UploadError } from './sendPhoto.ts';
import { forgetBatch, rememberFiles, unfinishedBatch, type BatchFile } from './uploadBatch.ts';
import './PhotoUploader.css';

export type UploadedPhoto = EditorPhoto;

interface Upload {
  key: number;
  name: string;
  /** 0 to 1. */
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
  /** Failed on the way, not refused for what it is: Retry sends it again. */
  retryable?: boolean;
}

interface Props {
  eventId: number;
  csrfToken: string;
  /** How many more photos the event can take (the most it takes, less those it has). */
  room: number;
  /** The most photos an event takes, for the message when it is full. */
  maxPhotos: number;
  enabled: boolean;
  /** Each photo as soon as it is stored (it may wait for one chosen before it to be handed on). */
  onStored: (photo: UploadedPhoto) => void;
  /** Each stored photo, in the order the files were chosen. */
  onUploaded: (photo: UploadedPhoto) => void;
  /** Whether photos chosen here are not handed on yet (waiting, uploading, or stored and waiting their turn). */
  onUploading: (uploading: boolean) => void;
  /** An upload was refused because the session ended. */
  onSignedOut: () => void;
  /** The files the event's photos came from (a batch cut short says on return which arrived). */
  storedFiles: readonly BatchFile[];
}

const AT_ONCE = 2;

let nextKey = 1;

export function PhotoUploader(props: Props) {
  const { eventId, csrfToken, room, maxPhotos, enabled, onStored, onUploaded, onUploading, onSignedOut } = props;
  const [uploads, setUploads] = useState<Upload[]>([]);
  /** How many of the uploads since the page came have finished (their bars go). */
  const [finished, setFinished] = useState(0);
  // A batch this browser left unfinished is told once the page can read what it kept.
  const [interrupted, setInterrupted] = useState<ReturnType<typeof unfinishedBatch>>();
  const [batchChecked, setBatchChecked] = useState(false);
  if (enabled && !batchChecked) {
    setBatchChecked(true);
    setInterrupted(unfinishedBatch(eventId, props.storedFiles));
  }
  const [dragging, setDragging] = useState(false);
  // One limiter for the island's life, made once (not at each render).
  const [uploadsAtOnce] = useState(() => pLimit(AT_ONCE));
  /** Files waiting or on their way: once stored, a photo counts in `room` instead. */
  const pending = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const progressList = useRef<HTMLDivElement>(null);
  // On a phone the progress would be below the fold: new uploads bring it into view (smoothly, unless the person has
  // asked for less motion, as the page's own scrolling does: base.css).
  const shown = useRef(0);
  useEffect(() => {
    const behavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    if (uploads.length > shown.current) progressList.current?.scrollIntoView({ block: 'nearest', behavior });
    shown.current = uploads.length;
  }, [uploads.length]);
  /** Files by upload, kept until stored, for Retry. */
  const fileOf = useRef(new Map<number, File>());
  /** Uploads in the order chosen whose photos are not handed on yet, and the photos that came back. */
  const order = useRef<number[]>([]);
  const results = useRef(new Map<number, UploadedPhoto | undefined>());

  /** Hands on, in the order chosen, the photos whose earlier uploads have all finished. */
  const handOn = () => {
    while (order.current.length > 0) {
      const key = order.current[0];
      if (key === undefined || !results.current.has(key)) break;
      order.current.shift();
      const photo = results.current.get(key);
      results.current.delete(key);
      if (photo) onUploaded(photo);
    }
    onUploading(order.current.length > 0);
  };

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  /** Sends the file of upload `key` once fewer than AT_ONCE are on their way. */
  const start = (key: number, file: File) =>
    void uploadsAtOnce(async () => {
      update(key, { state: 'uploading' });
      try {
        const url = `/Admin/edit/events/${eventId}/photos`;
        const photo = await send(url, csrfToken, file, (progress) => update(key, { progress }));
        // A finished upload's bar goes: its photo's card says it arrived.
        setUploads((current) => current.filter((upload) => upload.key !== key));
        setFinished((count) => count + 1);
        fileOf.current.delete(key);
        results.current.set(key, photo);
        onStored(photo);
      } catch (error: unknown) {
        const retryable = error instanceof UploadError && error.retryable;
        if (error instanceof UploadError && error.signedOut) onSignedOut();
        if (!retryable) fileOf.current.delete(key);
        // A failed photo no longer holds back those chosen after it; once sent again it comes last.
        results.current.set(key, undefined);
        update(key, {
          state: 'failed',
          error: error instanceof Error ? error.message : String(error),
          retryable,
        });
      } finally {
        pending.current -= 1;
        handOn();
        if (pending.current === 0 && fileOf.current.size === 0) forgetBatch(eventId);
      }
    });

  const add = (files: FileList | null) => {
    if (!files) return;
    const added: Upload[] = [];
    const chosen: BatchFile[] = [];
    for (const file of files) {
      const key = nextKey++;
      if (pending.current >= room) {
        added.push({
          key,
          name: file.name,
          progress: 0,
          state: 'failed',
          error: `The event is full (at most ${maxPhotos} photos).`,
        });
        continue;
      }
      pending.current += 1;
      added.push({ key, name: file.name, progress: 0, state: 'waiting' });
      start(key, file);
      chosen.push({ name: file.name, size: file.size });
      fileOf.current.set(key, file);
      order.current.push(key);
    }
    setUploads((current) => [...current, ...added]);
    onUploading(order.current.length > 0);
    rememberFiles(eventId, chosen);
    if (input.current) input.current.value = '';
  };

  const retry = (upload: Upload) => {
    const file = fileOf.current.get(upload.key);
    if (!file) return;
    if (pending.current >= room) {
      update(upload.key, { error: `The event is full (at most ${maxPhotos} photos).`, retryable: false });
      return;
    }
    pending.current += 1;
    order.current.push(upload.key);
    onUploading(true);
    results.current.delete(upload.key);
    update(upload.key, { state: 'waiting', progress: 0, retryable: false });
    start(upload.key, file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (enabled) add(event.dataTransfer.files);
  };

  const failed = uploads.filter((upload) => upload.state === 'failed').length;
  const total = finished + uploads.length;
  const names = (files: readonly BatchFile[]) => files.map((file) => file.name).join(', ');
  return (
    <div className="photo-uploader">
      <div
        className={`photo-drop${dragging ? ' photo-drop--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={input}
          id="photo-files"
          className="visually-hidden"
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          disabled={!enabled}
          aria-describedby="photo-files-hint"
          onChange={(event) => add(event.currentTarget.files)}
        />
        <label className="button" htmlFor="photo-files">
          Choose photos
        </label>
        <p id="photo-files-hint" className="admin-hint">
          {enabled
            ? 'or drop them here. JPEG, PNG or WebP, up to 20 MB each (on an iPhone, choose Most Compatible in Settings, Camera, Formats). Each photo is saved as soon as it is uploaded.'
            : 'Adding photos needs JavaScript.'}
        </p>
      </div>
      {interrupted && (
        <div className="admin-notice" role="status" data-interrupted-upload>
          <p>
            The last upload to this event was cut short (the page was closed).{' '}
            {interrupted.arrived.length > 0 ? `Arrived: ${names(interrupted.arrived)}.` : 'None of its files arrived.'}
          </p>
          {interrupted.missing.length > 0 && <p>Not arrived, choose these again: {names(interrupted.missing)}.</p>}
        </div>
      )}
      {total > 0 && (
        <div ref={progressList}>
          <p role="status" className="admin-hint">
            {finished} of {total} uploaded{failed > 0 ? `, ${failed} refused` : ''}.
          </p>
          <ul className="photo-uploads">
            {uploads.map((upload) => (
              <li key={upload.key} className={`photo-upload photo-upload--${upload.state}`}>
                <span className="photo-upload__name">{upload.name}</span>
                {upload.state === 'failed' ? (
                  <span className="photo-upload__failed">
                    <span className="admin-error">{upload.error}</span>
                    {upload.retryable && (
                      <button
                        type="button"
                        className="button button--outline button--small"
                        onClick={() => retry(upload)}
                      >
                        Retry<span className="visually-hidden"> {upload.name}</span>
                      </button>
                    )}
                  </span>
                ) : (
                  <progress
                    max={1}
                    value={upload.progress}
                    aria-label={`${upload.name}: ${upload.state === 'done' ? 'uploaded' : 'uploading'}`}
                  />
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
