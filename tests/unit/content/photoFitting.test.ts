/**
 * Fitting oversized photos (npm run photos:fit): a phone photo the check refuses becomes one it
 * accepts, in place, upright and without the camera's metadata; photos that fit are left alone.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkOnDisk } from '../../../src/lib/content/checkContent.ts';
import { contentSource } from '../../../src/lib/content/contentFiles.ts';
import { fitContentPhotos, fitPhoto, fittedSide } from '../../../src/lib/content/photoFitting.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTO_SIDE, PHOTO_FIELDS } from '../../../src/lib/content/photoSlots.ts';
import { phonePhoto } from '../../phonePhoto.ts';

describe('fitPhoto', () => {
  it.each([
    [
      'a gif',
      () =>
        sharp({ create: { width: 4000, height: 10, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
    ],
    ['a photo that fits', () => phonePhoto({ width: 1200, height: 900 })],
  ])('leaves %s alone', async (_case, make) => {
    expect(await fitPhoto(await make(), 1600)).toBeUndefined();
  });

  it('fits a 4000 × 3000 phone photo of more than 2 MB under both limits, upright and without metadata', async () => {
    const input = await phonePhoto({ orientation: 6 }); // 6: the phone was held upright
    expect(input.byteLength).toBeGreaterThan(MAX_PHOTO_BYTES);
    const output = await fitPhoto(input, 1600);
    if (!output) throw new Error('not fitted');
    const facts = await sharp(output).metadata();
    expect(output.byteLength).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    expect([facts.width, facts.height]).toEqual([1200, 1600]);
    expect(facts.orientation).toBeUndefined();
    expect(facts.exif).toBeUndefined();
  });

  it('fits a photo under both limits that a phone turned with an EXIF tag and marked with its place', async () => {
    const input = await sharp(await phonePhoto({ width: 1200, height: 900 }))
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const output = await fitPhoto(input, 1600);
    if (!output) throw new Error('not fitted');
    const facts = await sharp(output).metadata();
    expect([facts.width, facts.height]).toEqual([900, 1200]);
    expect(facts.orientation).toBeUndefined();
    expect(facts.exif).toBeUndefined();
  });

  it('makes a photo larger than its slots need no larger than they need', async () => {
    const output = await fitPhoto(await phonePhoto({ width: 2400, height: 1800 }), 1600);
    expect(output && (await sharp(output).metadata()).width).toBe(1600);
  });
});

describe('fittedSide', () => {
  it.each(PHOTO_FIELDS.map((field) => [field.path.join('.'), field] as const))(
    '%s keeps enough pixels for every slot at twice its width, within the limit',
    (_name, field) => {
      const side = fittedSide(field);
      expect(side).toBeLessThanOrEqual(MAX_PHOTO_SIDE);
      for (const slot of field.slots) expect(side).toBeGreaterThanOrEqual(2 * slot.width);
    },
  );
});

describe('fitContentPhotos', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'fit-photos-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('turns a branch whose new photo the check refuses into one it accepts, touching no other file', async () => {
    mkdirSync(path.join(root, 'content/branches'), { recursive: true });
    mkdirSync(path.join(root, 'content/photos/salem'), { recursive: true });
    const bearer = (index: number) =>
      `  - name: Dr. Sample ${index}\n    position: Member\n    image: ../photos/salem/${index}.jpg\n    phone: "+91 00000 1010${index}"\n`;
    writeFileSync(
      path.join(root, 'content/branches/salem.yaml'),
      `city: Salem\norder: 1\nbearers:\n${[1, 2, 3].map(bearer).join('')}`,
    );
    writeFileSync(path.join(root, 'content/photos/salem/1.jpg'), await phonePhoto());
    for (const index of [2, 3])
      writeFileSync(
        path.join(root, `content/photos/salem/${index}.jpg`),
        await phonePhoto({ width: 600, height: 600 }),
      );
    const untouched = readFileSync(path.join(root, 'content/photos/salem/2.jpg'));

    const before = await checkOnDisk(root, contentSource('branches'));
    expect(before.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/is \d+\.\d MB; photos must be under 2\.0 MB/),
      expect.stringMatching(/is 4000 × 3000 pixels; photos must be at most 3000 pixels/),
    ]);
    const fitted = await fitContentPhotos(root);
    expect(fitted.map(({ file, after }) => [file, after.width, after.height])).toEqual([
      ['content/photos/salem/1.jpg', 1600, 1200],
    ]);
    expect((await checkOnDisk(root, contentSource('branches'))).problems).toEqual([]);
    expect(readFileSync(path.join(root, 'content/photos/salem/2.jpg')).equals(untouched)).toBe(true);
    expect(await fitContentPhotos(root)).toEqual([]);
  });

  it("leaves the project's own photos as they are: they all fit", async () => {
    const copy = path.join(root, 'project');
    cpSync(path.resolve(import.meta.dirname, '../../../content'), path.join(copy, 'content'), { recursive: true });
    expect(await fitContentPhotos(copy)).toEqual([]);
  });
});
