/**
 * The loader that src/content.config.ts gives every collection: a mistake in a content file
 * fails the build (the loader throws) with the file, line, entry and field; correct files reach
 * Astro's store. Run with a fake of the little of Astro's loader context it uses.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_SOURCES, contentSource } from '../../../src/lib/content/contentFiles.ts';
import { ContentError, yamlLoader, type YamlLoaderContext } from '../../../src/lib/content/yamlLoader.ts';
import { makePhotos, type Photos } from './photoFiles.ts';
import { phonePhoto } from '../../phonePhoto.ts';

interface StoredEntry {
  id: string;
  data: Record<string, unknown>;
  filePath?: string;
}

/** The loader context Astro passes, reduced to what the loader uses, recording what it stores. */
function fakeContext(root: string) {
  const stored: StoredEntry[] = [];
  const parsed: string[] = [];
  const warned: string[] = [];
  const told: string[] = [];
  const context: YamlLoaderContext = {
    config: { root: pathToFileURL(`${root}${path.sep}`) },
    store: {
      clear: () => {
        stored.length = 0;
      },
      set: (entry) => {
        stored.push(entry);
        return true;
      },
    },
    parseData: async (props) => {
      parsed.push(props.id);
      return props.data;
    },
    logger: {
      error: (message) => {
        throw new Error(`unexpected log: ${message}`);
      },
      warn: (message) => {
        warned.push(message);
      },
      info: (message) => {
        told.push(message);
      },
    },
  };
  return { context, stored, parsed, warned, told };
}

let root: string;

function write(relative: string, text: string) {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const webinar = (n: number, showOnHome: boolean) => `
- image: ./photos/w.jpg
  date: "2025-03-14"
  host: Hosted by Salem branch
  shortTitle: Airway basics ${n}
  title: Airway basics for postgraduates, part ${n}
  videoUrl: https://www.youtube.com/watch?v=Airway${n}
  showOnHome: ${showOnHome}
`;

const bearer = (index: number) =>
  `  - name: Dr. Sample ${index}\n    position: Secretary\n    image: ../photos/p.jpg\n    phone: "+91 00000 1000${index}"\n`;

let photos: Photos<'wide' | 'square' | 'tiny' | 'portrait'>;
beforeAll(async () => {
  photos = await makePhotos({ wide: [800, 450], square: [600, 600], tiny: [120, 120], portrait: [600, 1000] });
});
afterAll(() => photos.remove());

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'yaml-loader-'));
  mkdirSync(path.join(root, 'content/photos'), { recursive: true });
  copyFileSync(photos.path('wide'), path.join(root, 'content/photos/w.jpg'));
  copyFileSync(photos.path('square'), path.join(root, 'content/photos/p.jpg'));
  copyFileSync(photos.path('tiny'), path.join(root, 'content/photos/tiny.jpg'));
  copyFileSync(photos.path('portrait'), path.join(root, 'content/photos/portrait.jpg'));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('yamlLoader', () => {
  it('hands every entry of a correct file to the store, by its place in the file and with its file', async () => {
    write('content/webinars.yaml', `webinars:${[1, 2, 3, 4, 5].map((n) => webinar(n, n <= 4)).join('')}`);
    const { context, stored, parsed } = fakeContext(root);
    await yamlLoader(contentSource('webinars')).load(context);
    expect(parsed).toEqual(['1', '2', '3', '4', '5']);
    expect(stored.map((entry) => [entry.id, entry.filePath, entry.data['shortTitle']])).toEqual([
      ['1', 'content/webinars.yaml', 'Airway basics 1'],
      ['2', 'content/webinars.yaml', 'Airway basics 2'],
      ['3', 'content/webinars.yaml', 'Airway basics 3'],
      ['4', 'content/webinars.yaml', 'Airway basics 4'],
      ['5', 'content/webinars.yaml', 'Airway basics 5'],
    ]);
  });

  it.each([
    [
      'a webinar without its title',
      'webinars' as const,
      'content/webinars.yaml',
      `webinars:${[1, 2, 3, 4].map((n) => webinar(n, true)).join('')}`.replace(/ {2}title: .*part 2\n/, ''),
      'content/webinars.yaml, line 10, webinar 2: "title": this field is required',
    ],
    [
      'a branch bearer with a phone that is not one',
      'branches' as const,
      'content/branches/salem.yaml',
      `city: Salem\norder: 1\nbearers:\n${[1, 2, 3].map(bearer).join('').replace('+91 00000 10002', 'call the office')}`,
      'content/branches/salem.yaml, line 11, branch file "salem": "bearers › item 2 › phone": expected a phone number',
    ],
    [
      'a branch with six bearers',
      'branches' as const,
      'content/branches/salem.yaml',
      `city: Salem\norder: 1\nbearers:\n${[1, 2, 3, 4, 5, 6].map(bearer).join('')}`,
      'content/branches/salem.yaml, line 24, branch file "salem": "bearers › item 6": expected 3 to 5 bearers; this is bearer 6 of 6: remove it or another',
    ],
    [
      'five webinars marked for the home page',
      'webinars' as const,
      'content/webinars.yaml',
      `webinars:${[1, 2, 3, 4, 5].map((n) => webinar(n, true)).join('')}`,
      'content/webinars.yaml, line 40, webinar 5 (“Airway basics for postgraduates, part 5”): "showOnHome": exactly 4 webinars must have "showOnHome: true" (the home page shows four cards), but 5 have it: webinar 1',
    ],
    [
      'a bearer photo too small for its card',
      'branches' as const,
      'content/branches/salem.yaml',
      `city: Salem\norder: 1\nbearers:\n${[1, 2, 3].map(bearer).join('').replace('../photos/p.jpg', '../photos/tiny.jpg')}`,
      'content/branches/salem.yaml, line 6, branch file "salem": "bearers › item 1 › image": the photo "../photos/tiny.jpg" is 120 × 120 pixels, too small for the bearer card',
    ],
  ])(
    'fails the build on %s, naming the file, line, entry and field',
    async (_case, collection, file, yaml, message) => {
      write(file, yaml);
      const { context, stored } = fakeContext(root);
      const loading = yamlLoader(contentSource(collection)).load(context);
      await expect(loading).rejects.toThrow(ContentError);
      await expect(loading).rejects.toThrow(message);
      expect(stored).toEqual([]);
    },
  );

  it('builds with a photo its frame crops badly, and logs a warning naming it', async () => {
    write(
      'content/branches/salem.yaml',
      `city: Salem\norder: 1\nbearers:\n${[1, 2, 3].map(bearer).join('').replace('../photos/p.jpg', '../photos/portrait.jpg')}`,
    );
    const { context, stored, warned } = fakeContext(root);
    await yamlLoader(contentSource('branches')).load(context);
    expect(stored).toHaveLength(1);
    expect(warned.join('\n')).toContain(
      'content/branches/salem.yaml, line 6, branch file "salem": "bearers › item 1 › image": the photo "../photos/portrait.jpg" is 600 × 1000 pixels, but the bearer card (Office Bearers and Branches pages) shows it square, so 40% of its height is cut off at the top and bottom',
    );
  });

  it('builds with a phone photo: fits it in place (upright, without metadata, small enough) and says so', async () => {
    const phone = await phonePhoto({ orientation: 6 });
    writeFileSync(path.join(root, 'content/photos/phone.jpg'), phone);
    write(
      'content/branches/salem.yaml',
      `city: Salem\norder: 1\nbearers:\n${[1, 2, 3].map(bearer).join('').replace('../photos/p.jpg', '../photos/phone.jpg')}`,
    );
    const { context, stored, told } = fakeContext(root);
    await yamlLoader(contentSource('branches')).load(context);
    expect(stored).toHaveLength(1);
    expect(told).toEqual([
      expect.stringMatching(/^Fitted content\/photos\/phone\.jpg: 4000 × 3000, \d+\.\d MB -> 1200 × 1600/),
    ]);
    const fitted = await sharp(path.join(root, 'content/photos/phone.jpg')).metadata();
    expect([fitted.width, fitted.height, fitted.orientation, fitted.exif]).toEqual([1200, 1600, undefined, undefined]);
  });

  it('loads the real content of every collection', async () => {
    const projectRoot = path.resolve(import.meta.dirname, '../../..');
    for (const source of CONTENT_SOURCES) {
      const { context, stored, warned } = fakeContext(projectRoot);
      await yamlLoader(source).load(context);
      expect(stored.length, source.path).toBeGreaterThan(0);
      expect(warned, source.path).toEqual([]);
    }
  });
});
