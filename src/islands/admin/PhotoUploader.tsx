/**
 * Adds photos to an event: drop them here or choose several at once. Each file goes up in a
 * request of its own (XMLHttpRequest, for its own progress bar), two at a time, so a batch of 40
 * phone photos never sits in the server's memory at once. A refused file shows why (the
 * server's message) and the rest of the batch goes on. Photos are handed on in the order they
 * were chosen, whatever order their uploads finish in; one that failed on the way (the
 * connection, the server, an ended session) can be sent again with Retry.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { UPLOAD_ACCEPT } from '../../lib/imageTypes.ts';
import { isEditorPhoto, type EditorPhoto } from './photoAnswers.ts';
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

/** Why a file did not go up: its message, and whether sending it again may work. */
class UploadError extends Error {
  readonly retryable: boolean;
  readonly signedOut: boolean;

  constructor(message: string, { retryable = false, signedOut = false } = {}) {
    super(message);
    this.retryable = retryable;
    this.signedOut = signedOut;
  }
}

interface Props {
  eventId: number;
  csrfToken: string;
  /** How many more photos the event can take (the most it takes, less those it has). */
  room: number;
  /** The most photos an event takes, for the message when it is full. */
  maxPhotos: number;
  enabled: boolean;
  /** Each stored photo, in the order the files were chosen. */
  onUploaded: (photo: UploadedPhoto) => void;
  /** An upload was refused because the session ended. */
  onSignedOut: () => void;
}

const AT_ONCE = 2;


/** Sends one file; resolves with the stored photo or rejects with a message for the user. */
function send(url: string, csrfToken: string, file: File, onProgress: (share: number) => void): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('X-CSRF-Token', csrfToken);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body: unknown = request.response;
      const photo = typeof body === 'object' && body !== null ? Reflect.get(body, 'photo') : undefined;
      const error = typeof body === 'object' && body !== null ? Reflect.get(body, 'error') : undefined;
      if (request.status === 201 && isEditorPhoto(photo)) resolve(photo);
      else if (request.status === 401)
        reject(
          new UploadError('You are signed out. Sign in again, then press Retry.', { retryable: true, signedOut: true }),
        );
      else {
        const message = typeof error === 'string' ? error : `The server could not take the photo (${request.status}).`;
        reject(new UploadError(message, { retryable: request.status >= 500 || request.status === 403 }));
      }
    };
    request.onerror = () =>
      reject(new UploadError('The connection failed. Press Retry to send this photo again.', { retryable: true }));
    const body = new FormData();
    body.append('photo', file);
    request.send(body);
  });
}

let nextKey = 1;

export function PhotoUploader({ eventId, csrfToken, room, maxPhotos, enabled, onUploaded, onSignedOut }: Props) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const queue = useRef<{ key: number; file: File }[]>([]);
  const running = useRef(0);
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
  };

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const pump = () => {
    while (running.current < AT_ONCE && queue.current.length > 0) {
      const next = queue.current.shift();
      if (!next) break;
      running.current += 1;
      update(next.key, { state: 'uploading' });
      send(`/Admin/edit/events/${eventId}/photos`, csrfToken, next.file, (progress) => update(next.key, { progress }))
        .then((photo) => {
          update(next.key, { state: 'done', progress: 1 });
          fileOf.current.delete(next.key);
          results.current.set(next.key, photo);
        })
        .catch((error: unknown) => {
          const retryable = error instanceof UploadError && error.retryable;
          if (error instanceof UploadError && error.signedOut) onSignedOut();
          if (!retryable) fileOf.current.delete(next.key);
          // A failed photo no longer holds back those chosen after it; once sent again it comes last.
          results.current.set(next.key, undefined);
          update(next.key, {
            state: 'failed',
            error: error instanceof Error ? error.message : String(error),
            retryable,
          });
        })
        .finally(() => {
          pending.current -= 1;
          running.current -= 1;
          handOn();
          pump();
        });
    }
  };

  const add = (files: FileList | null) => {
    if (!files) return;
    const added: Upload[] = [];
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
      queue.current.push({ key, file });
      fileOf.current.set(key, file);
      order.current.push(key);
    }
    setUploads((current) => [...current, ...added]);
    pump();
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
    results.current.delete(upload.key);
    update(upload.key, { state: 'waiting', progress: 0, retryable: false });
    queue.current.push({ key: upload.key, file });
    pump();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (enabled) add(event.dataTransfer.files);
  };

  const done = uploads.filter((upload) => upload.state === 'done').length;
  const failed = uploads.filter((upload) => upload.state === 'failed').length;
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
      {uploads.length > 0 && (
        <div ref={progressList}>
          <p role="status" className="admin-hint">
            {done} of {uploads.length} uploaded{failed > 0 ? `, ${failed} refused` : ''}.
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
