/**
 * Adds photos to an event: drop them here or choose several at once. Each file goes up in a
 * request of its own (XMLHttpRequest, for its own progress bar), two at a time, so a batch of 40
 * phone photos never sits in the server's memory at once. A refused file shows why (the
 * server's message) and the rest of the batch goes on.
 */
import { useRef, useState, type DragEvent } from 'react';
import { UPLOAD_ACCEPT } from '../../lib/imageTypes.ts';
import './PhotoUploader.css';

export interface UploadedPhoto {
  id: number;
  path: string;
  thumbnail: string;
  description: string;
}

interface Upload {
  key: number;
  name: string;
  /** 0 to 1. */
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}

interface Props {
  eventId: number;
  csrfToken: string;
  /** How many more photos the event can take (the most it takes, less those it has). */
  room: number;
  /** The most photos an event takes, for the message when it is full. */
  maxPhotos: number;
  enabled: boolean;
  onUploaded: (photo: UploadedPhoto) => void;
}

const AT_ONCE = 2;

function isUploadedPhoto(value: unknown): value is UploadedPhoto {
  if (typeof value !== 'object' || value === null) return false;
  return typeof Reflect.get(value, 'id') === 'number' && typeof Reflect.get(value, 'path') === 'string';
}

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
      if (request.status === 201 && isUploadedPhoto(photo)) resolve(photo);
      else if (request.status === 401)
        reject(new Error('You were signed out. Sign in again, then add this photo again.'));
      else reject(new Error(typeof error === 'string' ? error : `The server refused the photo (${request.status}).`));
    };
    request.onerror = () => reject(new Error('The connection failed. Please try this photo again.'));
    const body = new FormData();
    body.append('photo', file);
    request.send(body);
  });
}

let nextKey = 1;

export function PhotoUploader({ eventId, csrfToken, room, maxPhotos, enabled, onUploaded }: Props) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const queue = useRef<{ key: number; file: File }[]>([]);
  const running = useRef(0);
  /** Files waiting or on their way: once stored, a photo counts in `room` instead. */
  const pending = useRef(0);
  const input = useRef<HTMLInputElement>(null);

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
          onUploaded(photo);
        })
        .catch((error: unknown) => {
          update(next.key, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
        })
        .finally(() => {
          pending.current -= 1;
          running.current -= 1;
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
    }
    setUploads((current) => [...current, ...added]);
    pump();
    if (input.current) input.current.value = '';
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
            ? 'or drop them here. JPEG, PNG or WebP, up to 20 MB each. Each photo is saved as soon as it is uploaded.'
            : 'Adding photos needs JavaScript.'}
        </p>
      </div>
      {uploads.length > 0 && (
        <>
          <p role="status" className="admin-hint">
            {done} of {uploads.length} uploaded{failed > 0 ? `, ${failed} refused` : ''}.
          </p>
          <ul className="photo-uploads">
            {uploads.map((upload) => (
              <li key={upload.key} className={`photo-upload photo-upload--${upload.state}`}>
                <span className="photo-upload__name">{upload.name}</span>
                {upload.state === 'failed' ? (
                  <span className="admin-error">{upload.error}</span>
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
        </>
      )}
    </div>
  );
}
