import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_SIDE,
  PHOTO_INTAKE_CONCURRENCY,
  PhotoRefusedError,
  photosInProcess,
  processPhoto,
  type PhotoRefusal,
} from '../../../src/server/photos/photoIntake.ts';
import { CAMERA_EXIF, phonePhoto } from '../../phonePhoto.ts';

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? '#3a78' : '#3a7' } });

/** A real PNG whose header says it is `width` × `height` (its data is that of a 1 × 1 image). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  // IHDR: length (4) type (4) at 8, width at 16, height at 20, CRC over type + data at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The smallest HEIC file header: an ISO BMFF "ftyp" box with the heic brand. */
const HEIC_HEADER = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(64),
]);

async function refusalOf(bytes: Uint8Array): Promise<PhotoRefusedError> {
  const error: unknown = await processPhoto(bytes).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof PhotoRefusedError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('processPhoto refuses', () => {
  const noisyJpeg = () =>
    sharp({
      create: {
        width: 320,
        height: 240,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
  it.each<[string, () => Promise<Uint8Array> | Uint8Array, PhotoRefusal, RegExp]>([
    ['an empty file', () => new Uint8Array(0), 'empty', /empty/],
    ['a file over 20 MB, unread', () => Buffer.alloc(MAX_PHOTO_BYTES + 1, 0xff), 'too-large', /larger than 20 MB/],
    ['a HEIC photo, asking for JPEG', () => HEIC_HEADER, 'heic', /HEIC.*JPEG/s],
    [
      'an SVG, whatever it is named',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'not-a-photo',
      /not a JPEG, PNG or WebP/,
    ],
    ['an HTML page', () => Buffer.from('<!doctype html><html><body>hi</body></html>'), 'not-a-photo', /not a JPEG/],
    ['a GIF', () => solid(8, 8).gif().toBuffer(), 'not-a-photo', /not a JPEG/],
    ['a PDF', () => Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'not-a-photo', /not a JPEG/],
    [
      'a JPEG header over garbage',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]),
      'unreadable',
      /could not be read/,
    ],
    [
      'a truncated JPEG',
      async () => {
        const whole = await noisyJpeg();
        return whole.subarray(0, whole.length / 2);
      },
      'unreadable',
      /damaged or incomplete/,
    ],
    [
      'a decompression bomb (a PNG header of 20000 × 20000)',
      () => pngClaiming(20_000, 20_000),
      'too-many-pixels',
      /too many pixels/,
    ],
  ])('%s', async (_name, make, reason, message) => {
    const refusal = await refusalOf(await make());
    expect(refusal.reason).toBe(reason);
    expect(refusal.message).toMatch(message);
  });
});

describe('processPhoto accepts', () => {
  it('turns a phone photo upright and removes every piece of metadata', async () => {
    const input = await phonePhoto({ width: 400, height: 200, orientation: 6, exif: CAMERA_EXIF });
    expect(await sharp(input).metadata()).toMatchObject({ orientation: 6, width: 400, height: 200 });
    expect(input.includes('ExampleCam')).toBe(true);
    const photo = await processPhoto(input);
    expect(photo).toMatchObject({ contentType: 'image/jpeg', extension: '.jpg', width: 200, height: 400 });
    const metadata = await sharp(photo.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    for (const trace of ['ExampleCam', 'Sample 9', 'Owner Sample', 'Exif'])
      expect(photo.bytes.includes(trace)).toBe(false);
  });

  it.each([
    ['a large landscape JPEG', () => solid(3000, 2000).jpeg().toBuffer(), [MAX_PHOTO_SIDE, 1333]],
    ['a large portrait PNG', () => solid(1000, 4000).png().toBuffer(), [500, MAX_PHOTO_SIDE]],
    ['a small WebP, never enlarged', () => solid(640, 480).webp().toBuffer(), [640, 480]],
  ])('scales %s to at most 2000 px as JPEG', async (_name, make, [width, height]) => {
    const photo = await processPhoto(await make());
    expect(photo).toMatchObject({ contentType: 'image/jpeg', width, height });
    expect(await sharp(photo.bytes).metadata()).toMatchObject({ format: 'jpeg', width, height });
  });

  it('keeps transparency as WebP', async () => {
    const photo = await processPhoto(await solid(300, 200, 4).png().toBuffer());
    expect(photo).toMatchObject({ contentType: 'image/webp', extension: '.webp' });
    expect(await sharp(photo.bytes).metadata()).toMatchObject({ format: 'webp', hasAlpha: true });
  });

  it('decodes one photo at a time, with one libvips thread, so that a large upload keeps at most one core busy', async () => {
    expect(PHOTO_INTAKE_CONCURRENCY).toBe(1);
    expect(sharp.concurrency()).toBe(1);
    const input = await solid(2400, 1800).jpeg().toBuffer();
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, photosInProcess())), 1);
    await Promise.all(Array.from({ length: 6 }, () => processPhoto(input)));
    clearInterval(watch);
    expect(most).toBe(1);
  });
});
