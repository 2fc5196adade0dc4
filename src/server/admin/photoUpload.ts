/**
 * Reads one uploaded photo from a multipart/form-data request, streaming, with @fastify/busboy:
 * one file (field "photo") of at most MAX_PHOTO_BYTES and an optional "description". OWASP File
 * Upload Cheat Sheet: a limit on the request (by Content-Length before reading, and by the bytes
 * that arrive), on the file, on the number of parts; the file's name and the type the browser
 * claims are never used (photoIntake.ts decides by the bytes). Each photo of a batch comes in a
 * request of its own, so the server holds at most one file per request in memory.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { mediaTypeOf } from '../http/jsonAnswer.ts';
import { MAX_PHOTO_BYTES } from '../photos/photoIntake.ts';

/** The photo and the few bytes of multipart framing and description around it. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_PHOTO_BYTES + 64 * 1024;
export const MAX_DESCRIPTION_LENGTH = 300;

export type UploadRead =
  | { ok: true; bytes: Buffer; description: string; original: { name: string; size: number } }
  | { ok: false; status: 400 | 413 | 415; error: string };

/**
 * The name a browser gave the file, as the office may be shown it (never to store or serve the
 * file): its last path segment, without control characters, at most 200 characters.
 */
function originalFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point here
  const CONTROL = /[\u0000-\u001f\u007f]/g;
  return last.replace(CONTROL, '').trim().slice(0, 200);
}

const TOO_LARGE = `The photo is larger than ${MAX_PHOTO_BYTES / (1024 * 1024)} MB. Please send a smaller photo (a phone's "large" or "medium" size is plenty).`;

const BROKEN = 'The upload could not be read (a broken or incomplete multipart body). Please try again.';

function refused(status: 400 | 413 | 415, error: string): UploadRead {
  return { ok: false, status, error };
}

export async function readPhotoUpload(request: Request): Promise<UploadRead> {
  const contentType = request.headers.get('content-type') ?? '';
  if (mediaTypeOf(contentType) !== 'multipart/form-data') {
    return refused(415, 'Send the photo as multipart/form-data in a field named "photo".');
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_UPLOAD_REQUEST_BYTES) {
    await request.body?.cancel();
    return refused(413, TOO_LARGE);
  }
  const body = request.body;
  if (!body) return refused(400, 'No photo was sent.');

  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 1, parts: 2, fileSize: MAX_PHOTO_BYTES, fieldSize: 4 * MAX_DESCRIPTION_LENGTH },
    });
  } catch {
    return refused(400, BROKEN);
  }

  return new Promise<UploadRead>((resolve) => {
    const chunks: Buffer[] = [];
    let description = '';
    let sawFile = false;
    let tooLarge = false;
    let settled = false;
    // Destroyed (a refusal), it cancels the request's stream: the rest of the upload is not read.
    const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
    const finish = (result: UploadRead) => {
      if (settled) return;
      settled = true;
      // A refusal stops reading the rest; a whole upload has been read to its end already.
      if (!result.ok) {
        source.unpipe(parser);
        source.destroy();
      }
      resolve(result);
    };
    let received = 0;
    source.on('data', (chunk: Uint8Array) => {
      received += chunk.byteLength;
      if (received > MAX_UPLOAD_REQUEST_BYTES) finish(refused(413, TOO_LARGE));
    });
    source.on('error', () => finish(refused(400, 'The upload was interrupted; please try again.')));

    let fileName = '';
    parser.on('file', (field, stream, name) => {
      if (field !== 'photo' || sawFile) {
        stream.on('error', () => finish(refused(400, BROKEN)));
        stream.resume();
        return;
      }
      sawFile = true;
      fileName = originalFileName(name);
      // A body that ends inside the part ("Part terminated early") is an error of this stream:
      // unheard, it would be an uncaught exception that stops the whole server.
      stream.on('error', () => finish(refused(400, BROKEN)));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
        chunks.length = 0;
      });
    });
    parser.on('field', (field, value) => {
      if (field === 'description') description = value.trim().slice(0, MAX_DESCRIPTION_LENGTH);
    });
    parser.on('error', () => finish(refused(400, BROKEN)));
    parser.on('finish', () => {
      if (tooLarge) finish(refused(413, TOO_LARGE));
      else if (!sawFile) finish(refused(400, 'No photo was sent (the file goes in a field named "photo").'));
      else {
        const bytes = Buffer.concat(chunks);
        finish({ ok: true, bytes, description, original: { name: fileName, size: bytes.byteLength } });
      }
    });
    source.pipe(parser);
  });
}
