/** One photo's upload (PhotoUploader.tsx): its own request, for its own progress bar. */
import { isEditorPhoto, type EditorPhoto } from './photoAnswers.ts';

/** Why a file did not go up: its message, and whether sending it again may work. */
export class UploadError extends Error {
  readonly retryable: boolean;
  readonly signedOut: boolean;

  constructor(message: string, { retryable = false, signedOut = false } = {}) {
    super(message);
    this.retryable = retryable;
    this.signedOut = signedOut;
  }
}

/** Sends one file; resolves with the stored photo or rejects with a message for the user. */
export function send(
  url: string,
  csrfToken: string,
  file: File,
  onProgress: (share: number) => void,
): Promise<EditorPhoto> {
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
        const fallback =
          'The server could not take the photo just now: nothing was lost. Please try again in a moment.';
        const message = typeof error === 'string' ? error : fallback;
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
