import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdminServices, type EventAdminServices } from '../../../src/server/admin/adminServices.ts';
import { handleAddPhoto, handleRemovePhoto } from '../../../src/server/admin/photoEndpoints.ts';
import { MAX_UPLOAD_REQUEST_BYTES } from '../../../src/server/admin/photoUpload.ts';
import type { AdminSession } from '../../../src/server/admin/sessions.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { MAX_PHOTOS_PER_EVENT } from '../../../src/server/events/eventFields.ts';
import { MAX_PHOTO_BYTES } from '../../../src/server/photos/photoIntake.ts';
import { CAMERA_EXIF, phonePhoto } from '../../phonePhoto.ts';
import { solidJpeg } from '../../solidJpeg.ts';

const URL_ = 'http://127.0.0.1/Admin/edit/events/1/photos';
const session: AdminSession = { userId: 1, username: 'asha', role: 'editor', csrfToken: 'x', expiresAt: 0 };

const jpeg = (width = 64, height = 48) => solidJpeg(width, height, '#3a7');

const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheicmif1heic'), Buffer.alloc(64)]);

function upload(bytes: Uint8Array, name: string, type = 'image/jpeg', extra: Record<string, string> = {}): Request {
  const body = new FormData();
  body.append('photo', new Blob([new Uint8Array(bytes)], { type }), name);
  for (const [key, value] of Object.entries(extra)) body.append(key, value);
  return new Request(URL_, { method: 'POST', body });
}

const BOUNDARY = 'TruncatedBoundary';
const PART_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** A part header and a few bytes of data, and no closing boundary: the body ends inside the part. */
function truncated(data: Buffer): Request {
  return new Request(URL_, { method: 'POST', headers: MULTIPART, body: Buffer.concat([Buffer.from(PART_HEAD), data]) });
}

/** `megabytes` of photo data as a stream (no Content-Length), closed properly or not. */
function chunked(megabytes: number, closed = true): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(PART_HEAD));
      for (let i = 0; i < megabytes; i += 1) controller.enqueue(new Uint8Array(1024 * 1024));
      if (closed) controller.enqueue(new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`));
      controller.close();
    },
  });
  return new Request(URL_, { method: 'POST', headers: MULTIPART, body, duplex: 'half' } as RequestInit);
}

describe('POST /Admin/edit/events/<id>/photos', () => {
  let dataDir: string;
  let services: EventAdminServices;
  let eventId: number;
  const add = (request: Request, id = eventId) => handleAddPhoto(request, { services, session }, id);

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'photo-upload-'));
    services = createAdminServices(openDatabase(dataDir).db, dataDir, { publicOrigin: 'https://isa.example.org' });
    eventId = services.events.upsert({ title: 'Salem - Upload', subTitle: '', date: '2025-01-01', published: false });
  });

  describe('refuses', () => {
    it.each([
      [
        'an SVG named .jpg',
        () => upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'photo.jpg'),
        415,
        /not a JPEG, PNG or WebP/,
      ],
      [
        'HTML named .png',
        () => upload(Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.png', 'image/png'),
        415,
        /not a JPEG/,
      ],
      [
        'a PDF claiming image/jpeg',
        () => upload(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj'), 'scan.jpg'),
        415,
        /not a JPEG/,
      ],
      ['a HEIC photo, asking for JPEG', () => upload(HEIC, 'IMG_0001.HEIC', 'image/heic'), 415, /HEIC.*JPEG/s],
      ['an empty file', () => upload(new Uint8Array(), 'empty.jpg'), 400, /empty/],
      ['a file over 20 MB', () => upload(new Uint8Array(MAX_PHOTO_BYTES + 1), 'big.jpg'), 413, /larger than 20 MB/],
      [
        'a request that says it is too large, unread',
        () =>
          new Request(URL_, {
            method: 'POST',
            headers: {
              'content-type': 'multipart/form-data; boundary=x',
              'content-length': String(MAX_UPLOAD_REQUEST_BYTES + 1),
            },
            body: 'x',
          }),
        413,
        /larger than 20 MB/,
      ],
      [
        'no photo field',
        () => {
          const body = new FormData();
          body.append('description', 'A description without a photo');
          return new Request(URL_, { method: 'POST', body });
        },
        400,
        /No photo was sent/,
      ],
      [
        'a JSON body',
        () => new Request(URL_, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
        415,
        /multipart/,
      ],
      [
        'a body that ends inside the photo part (no closing boundary)',
        () => truncated(Buffer.from('ab')),
        400,
        /broken or incomplete/,
      ],
      ['a 25 MB photo sent chunked, without Content-Length', () => chunked(25), 413, /larger than 20 MB/],
      ['a body that ends inside the photo part, sent chunked', () => chunked(1, false), 400, /broken or incomplete/],
      [
        'a broken multipart body',
        () => new Request(URL_, { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'junk' }),
        400,
        /could not be read/,
      ],
    ])('%s', async (_label, request, status, message) => {
      const response = await add(request());
      expect(response.status).toBe(status);
      expect((await response.json()).error).toMatch(message);
    });

    it('a photo for an event that does not exist', async () => {
      expect((await add(upload(await jpeg(), 'a.jpg'), 99_999)).status).toBe(404);
    });

    it('another method than POST', async () => {
      expect((await add(new Request(URL_))).status).toBe(405);
    });

    it('the 61st photo of an event', async () => {
      const full = services.events.upsert({
        title: 'Salem - Full',
        subTitle: '',
        date: '2025-01-02',
        published: false,
      });
      const bytes = await jpeg(8, 8);
      for (let i = 0; i < MAX_PHOTOS_PER_EVENT; i += 1)
        expect((await add(upload(bytes, `${i}.jpg`), full)).status).toBe(201);
      const response = await add(upload(bytes, 'one-more.jpg'), full);
      expect(response.status).toBe(409);
      expect((await response.json()).error).toMatch(/at most 60 photos/);
      expect(readdirSync(path.join(dataDir, 'uploads/events', String(full)))).toHaveLength(MAX_PHOTOS_PER_EVENT);
    });

    it('nothing is stored for a refused file', async () => {
      const folder = path.join(dataDir, 'uploads/events', String(eventId));
      const before = services.events.get(eventId)?.photos.length ?? 0;
      await add(upload(Buffer.from('<svg/>'), 'x.jpg'));
      expect(services.events.get(eventId)?.photos.length).toBe(before);
      expect(existsSync(folder) ? readdirSync(folder).length : 0).toBe(before);
    });
  });

  it('stops reading an endless upload once it is over the limit, and cancels the rest', async () => {
    let sent = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(sent === 0 ? new TextEncoder().encode(PART_HEAD) : new Uint8Array(1024 * 1024));
        sent += 1;
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request(URL_, { method: 'POST', headers: MULTIPART, body, duplex: 'half' } as RequestInit);
    const response = await add(request);
    expect(response.status).toBe(413);
    await vi.waitFor(() => expect(cancelled).toBe(true));
    expect(sent).toBeLessThan(MAX_UPLOAD_REQUEST_BYTES / (1024 * 1024) + 10);
  });

  it('stores a photo under a name of its own, whatever the name sent, stripped of GPS, camera and owner and turned upright', async () => {
    const taken = await phonePhoto({ width: 400, height: 200, orientation: 6, exif: CAMERA_EXIF });
    const response = await add(upload(taken, '../../../etc/passwd.heic', 'text/html', { description: 'Opening talk' }));
    expect(response.status).toBe(201);
    const { photo } = await response.json();
    expect(photo.path).toMatch(new RegExp(`^/Admin/uploads/events/${eventId}/[0-9a-f]{32}\\.jpg$`));
    expect(photo.description).toBe('Opening talk');
    const stored = readFileSync(path.join(dataDir, photo.path.replace('/Admin/uploads/', 'uploads/')));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([200, 400]);
    expect(stored.includes('ExampleCam')).toBe(false);
    expect(stored.includes('Owner Sample')).toBe(false);
    expect(services.audit.recent(1)[0]).toMatchObject({ action: 'photo-added', events_id: eventId });
  });

  it('removes a photo with POST (DELETE is refused, as the site server refuses it), and leaves an audit row', async () => {
    const { photo } = await (await add(upload(await jpeg(), 'a.jpg'))).json();
    const remove = (method = 'POST') =>
      handleRemovePhoto(new Request(URL_, { method }), { services, session }, eventId, photo.id);
    expect((await remove('DELETE')).status).toBe(405);
    expect((await remove()).status).toBe(200);
    expect((await remove()).status).toBe(404);
    expect(services.audit.recent(1)[0]).toMatchObject({ action: 'photo-removed', events_id: eventId });
  });
});
