/**
 * The photo rules: far too large (bytes or pixels), too small for where the page shows it, and
 * a warning when its frame crops it badly. The slots come from src/lib/content/photoSlots.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SOURCES } from '../../../src/lib/content/contentFiles.ts';
import { PHOTO_PATH_HELP } from '../../../src/lib/content/fields.ts';
import { jsonSchemaOf } from '../../../src/lib/content/jsonSchemas.ts';
import { judgePhoto, readPhotoFacts, type PhotoFacts } from '../../../src/lib/content/photoChecks.ts';
import { PHOTO_FIELDS, photosOf, type PhotoField } from '../../../src/lib/content/photoSlots.ts';
import { schemaChildren } from '../schemaChildren.ts';

function field(schema: PhotoField['schema'], path: string): PhotoField {
  const found = PHOTO_FIELDS.find((candidate) => candidate.schema === schema && candidate.path.join('.') === path);
  if (!found) throw new Error(`no photo field ${schema} ${path}`);
  return found;
}

const bearer = field('stateBearer', 'image');
const banner = field('home', 'banner.slides.*.image');
const webinar = field('webinar', 'image');
const gallery = field('gallery', 'items.*.image');
const logo = field('site', 'logos.*.image');

const jpeg = (width: number, height: number, bytes = 50_000): PhotoFacts => ({ bytes, width, height });

describe('judgePhoto', () => {
  it.each([
    [
      'over 2 MB',
      jpeg(1600, 900, 2.5 * 1024 * 1024),
      banner,
      /is 2\.5 MB; photos must be under 2\.0 MB: save it smaller \(1600 × 900 pixels is plenty/,
    ],
    [
      'over 3000 pixels',
      jpeg(4000, 3000),
      gallery,
      /is 4000 × 3000 pixels; photos must be at most 3000 pixels on each side/,
    ],
    [
      'not an image the site can read',
      { bytes: 1000 },
      bearer,
      /is not a photo the site can read; save it again as a JPEG/,
    ],
    [
      'a bearer photo smaller than its card',
      jpeg(200, 200),
      bearer,
      /is 200 × 200 pixels, too small for the bearer card \(Office Bearers and Branches pages\), which shows it 280 × 280 pixels on a computer screen, so it would look blurred; use a photo of at least 280 × 280 pixels \(600 × 600 is best\)/,
    ],
    ['a banner picture', jpeg(600, 338), banner, /too small for the home page banner, which shows it 672 × 378 pixels/],
    [
      'a webinar picture narrower than its Past Webinars card',
      jpeg(320, 180),
      webinar,
      /too small for the webinar card on Past Webinars, which shows it 352 pixels wide/,
    ],
    [
      'a gallery photo smaller than the full view',
      jpeg(900, 600),
      gallery,
      /too small for the full-size view of a gallery photo, which shows it up to 1024 × 768 pixels/,
    ],
    ['a logo', jpeg(48, 48), logo, /too small for the logo in the footer/],
  ])('refuses a photo %s', (_case, facts, photoField, message) => {
    const verdicts = judgePhoto('./photos/x.jpg', facts, photoField);
    expect(verdicts.filter((verdict) => verdict.severity === 'error').map((verdict) => verdict.message)).toEqual([
      expect.stringMatching(message),
    ]);
  });

  it.each([
    [
      'a portrait bearer photo in its square card',
      jpeg(600, 1000),
      bearer,
      'the photo "./photos/x.jpg" is 600 × 1000 pixels, but the bearer card (Office Bearers and Branches pages) shows it square, so 40% of its height is cut off at the top and bottom; crop it to square yourself so that nothing important is lost',
    ],
    [
      'a panorama in the 16:9 banner',
      jpeg(2400, 800),
      banner,
      'the photo "./photos/x.jpg" is 2400 × 800 pixels, but the home page banner shows it 16:9, so 41% of its width is cut off at the left and right; crop it to 16:9 yourself so that nothing important is lost',
    ],
    [
      'a square webinar picture in the 16:9 home card',
      jpeg(800, 800),
      webinar,
      'the photo "./photos/x.jpg" is 800 × 800 pixels, but the webinar card on the home page shows it 16:9, so 44% of its height is cut off at the top and bottom; crop it to 16:9 yourself so that nothing important is lost',
    ],
  ])('warns about %s, without refusing it', (_case, facts, photoField, message) => {
    expect(judgePhoto('./photos/x.jpg', facts, photoField)).toEqual([{ severity: 'warning', message }]);
  });

  it.each([
    ['a bearer photo of the recommended size', jpeg(600, 600), bearer],
    ['a 4:3 bearer photo (a quarter cut off at most)', jpeg(800, 600), bearer],
    ['a banner picture of the recommended size', jpeg(1600, 900), banner],
    ['a webinar picture of the recommended size', jpeg(800, 450), webinar],
    ['a 4:3 gallery photo as large as the full view', jpeg(1024, 768), gallery],
    ['a gallery photo of the recommended size', jpeg(1200, 800), gallery],
    ['a small SVG drawing, which scales without blurring', { bytes: 3000, width: 20, height: 20, vector: true }, logo],
  ])('accepts %s', (_case, facts, photoField) => {
    expect(judgePhoto('./photos/x.jpg', facts, photoField)).toEqual([]);
  });
});

describe('readPhotoFacts', () => {
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'photo-facts-'));
    await sharp({ create: { width: 320, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .toFile(path.join(folder, 'a.jpg'));
    writeFileSync(path.join(folder, 'b.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="12"/>');
    writeFileSync(path.join(folder, 'c.jpg'), 'a text file saved with the wrong name');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('reads the pixels of a photo, the size of a drawing, and nothing of a file that is no image', async () => {
    expect(await readPhotoFacts(path.join(folder, 'a.jpg'))).toMatchObject({ width: 320, height: 200, vector: false });
    expect(await readPhotoFacts(path.join(folder, 'b.svg'))).toMatchObject({ width: 24, height: 12, vector: true });
    expect(await readPhotoFacts(path.join(folder, 'c.jpg'))).toEqual({ bytes: 37 });
  });
});

describe('photo fields', () => {
  it('finds every photo an entry names at its fields\' paths, "*" standing for each item of a list', () => {
    const data = { bearers: [{ image: 'a' }, { name: 'no photo' }, { image: 'c' }, { image: 4 }] };
    const branchBearer = field('branch', 'bearers.*.image');
    expect(photosOf('branch', data)).toEqual([
      { field: branchBearer, segments: ['bearers', 0, 'image'], value: 'a' },
      { field: branchBearer, segments: ['bearers', 2, 'image'], value: 'c' },
    ]);
    expect(photosOf('stateBearer', data)).toEqual([]);
  });

  it('has a slot for every photo field of every schema, and no slot for a field that does not exist', () => {
    const photoPaths = (schema: unknown, at: string[] = []): string[] => {
      if (typeof schema !== 'object' || schema === null) return [];
      if (Reflect.get(schema, 'description') === PHOTO_PATH_HELP.description) return [at.join('.')];
      return schemaChildren(schema).flatMap(([key, child]) => photoPaths(child, key ? [...at, key] : at));
    };
    const inSchemas = CONTENT_SOURCES.flatMap((source) =>
      // A list file's schema holds the entries under their key ("webinars.*."); the table is per entry.
      photoPaths(jsonSchemaOf(source)).map(
        (found) => `${source.schema} ${found.replace(source.shape === 'list' ? /^[^.]+\.\*\./ : /^$/, '')}`,
      ),
    );
    const inTable = PHOTO_FIELDS.map((photoField) => `${photoField.schema} ${photoField.path.join('.')}`);
    expect(new Set(inSchemas)).toEqual(new Set(inTable));
    expect(inTable).toHaveLength(new Set(inTable).size);
  });
});
