import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkOnDisk, formatProblem, problemReport } from '../../../src/lib/content/checkContent.ts';
import { contentSource } from '../../../src/lib/content/contentFiles.ts';
import { makePhotos, type Photos } from './photoFiles.ts';

let root: string;

function write(relative: string, text: string) {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

async function messages(collection: Parameters<typeof contentSource>[0]): Promise<string[]> {
  return (await checkOnDisk(root, contentSource(collection))).problems.map(formatProblem);
}

/** A webinar; `n` makes its video address its own. */
const webinar = (n: number, extra = '') => `
- image: ./photos/w.jpg
  date: "2025-03-14"
  host: Hosted by Salem branch
  shortTitle: Airway basics
  title: Airway basics for postgraduates
  videoUrl: https://www.youtube.com/watch?v=SampleWeb${n}
${extra}`;

const bearer = (name: string, fields = '    phone: "+91 00000 10001"\n    email: a@example.org\n') =>
  `  - name: ${name}\n    position: Secretary\n    image: ../photos/p.jpg\n${fields}`;

const branch = (count: number) =>
  `city: Salem\norder: 1\nbearers:\n${Array.from({ length: count }, (_, i) => bearer(`Dr. Sample ${i}`)).join('')}`;

let photos: Photos<'wide' | 'square'>;
beforeAll(async () => {
  photos = await makePhotos({ wide: [800, 450], square: [600, 600] });
});
afterAll(() => photos.remove());

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'content-check-'));
  mkdirSync(path.join(root, 'content/photos'), { recursive: true });
  copyFileSync(photos.path('wide'), path.join(root, 'content/photos/w.jpg'));
  copyFileSync(photos.path('square'), path.join(root, 'content/photos/p.jpg'));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('webinars.yaml', () => {
  it('accepts a correct file and returns its entries by their place in the file', async () => {
    const home = '  showOnHome: true\n';
    write(
      'content/webinars.yaml',
      'webinars:' + webinar(1, home) + webinar(2, home) + webinar(3, home) + webinar(4, home) + webinar(5),
    );
    const result = await checkOnDisk(root, contentSource('webinars'));
    expect(result.problems).toEqual([]);
    expect(result.entries.map((entry) => entry.id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it.each([
    [
      'a missing required field',
      webinar(1).replace(/ {2}title: .*\n/, ''),
      /line 2, webinar 1: "title": this field is required/,
    ],
    [
      'a date written as the pages show it',
      webinar(1).replace('"2025-03-14"', '14 - March - 2025'),
      /line 3, .*"date": expected a real date written year-month-day, for example "2025-03-14".*found "14 - March - 2025"/,
    ],
    ['an impossible date', webinar(1).replace('2025-03-14', '2025-02-31'), /"date": expected a real date/],
    [
      'a bad URL',
      webinar(1).replace('https://www.youtube.com/watch?v=SampleWeb1', 'youtube watch 123'),
      /"videoUrl": expected a full web address starting with https:\/\//,
    ],
    [
      'a missing photo',
      webinar(1).replace('./photos/w.jpg', './photos/missing.jpg'),
      /"image": the photo "\.\/photos\/missing\.jpg" does not exist/,
    ],
    ['a misspelt field', webinar(1).replace('host:', 'hots:'), /unknown field "hots"; check the spelling/],
  ])('reports %s with the file, line, entry and field', async (_case, yaml, expected) => {
    write('content/webinars.yaml', `webinars:${yaml}`);
    const found = await messages('webinars');
    expect(found.join('\n')).toMatch(expected);
    expect(found.every((message) => message.startsWith('content/webinars.yaml'))).toBe(true);
  });

  it('reports a repeated video address on the line of the repeat, naming the line of the first', async () => {
    const home = '  showOnHome: true\n';
    write(
      'content/webinars.yaml',
      'webinars:' + webinar(7, home) + webinar(8, home) + webinar(9, home) + webinar(7, home),
    );
    expect(await messages('webinars')).toEqual([
      'content/webinars.yaml, line 31, webinar 4 (“Airway basics for postgraduates”): "videoUrl": the video address https://www.youtube.com/watch?v=SampleWeb7 is already used by webinar 1 (“Airway basics for postgraduates”) (line 7); every webinar needs its own video address',
    ]);
  });

  it.each([
    [
      'a one-space indentation slip',
      `webinars:${webinar(1).replace('  host:', '   host:')}`,
      /^content\/webinars\.yaml, line 4: the lines here do not line up: the fields of one entry start in the same column, with spaces \(YAML says: /,
    ],
    [
      'an unclosed quote',
      'webinars:\n- host: Salem\n  title: "unclosed\n',
      /^content\/webinars\.yaml, line \d+: a quote or bracket is not closed: text that starts with " must end with " \(YAML says: /,
    ],
    [
      'a tab',
      'webinars:\n- host: Salem\n\ttitle: Tab\n',
      /^content\/webinars\.yaml, line 3: this line is indented with a tab: use spaces \(YAML says: /,
    ],
  ])('reports %s in plain words first, with its line', async (_case, yaml, expected) => {
    write('content/webinars.yaml', yaml);
    const [first] = await messages('webinars');
    expect(first).toMatch(expected);
  });

  it.each([
    ['a bare list, as the files were before the forms', '- host: Salem\n'],
    ['fields in place of the list', 'host: Salem\n'],
  ])('reports %s', async (_case, yaml) => {
    write('content/webinars.yaml', yaml);
    expect(await messages('webinars')).toEqual([
      'content/webinars.yaml: expected "webinars:" at the top of the file, then the webinars, each starting with "- "',
    ]);
  });

  it('reports a field beside the list', async () => {
    write('content/webinars.yaml', 'webinars: []\ntitle: Webinars\n');
    expect(await messages('webinars')).toContain(
      'content/webinars.yaml, line 2: "title": unknown field "title"; the file holds only "webinars:"',
    );
  });
});

describe('state-bearers.yaml', () => {
  const stateBearer = (phone: string, email: string) =>
    `bearers:\n- image: ./photos/p.jpg\n  name: Dr. Sample Kumar\n  title: President\n  phone1: "${phone}"\n  email1: ${email}\n`;

  it.each([
    [
      'a phone with letters',
      stateBearer('+91 0000O 10001', 'a@example.org'),
      /"phone1": expected a phone number of 8 to 15 digits/,
    ],
    ['a phone too short', stateBearer('12345', 'a@example.org'), /"phone1": expected a phone number/],
    ['a bad e-mail', stateBearer('+91 00000 10001', 'secretary.example.org'), /"email1": expected an e-mail address/],
  ])('reports %s', async (_case, yaml, expected) => {
    write('content/state-bearers.yaml', yaml);
    expect((await messages('stateBearers')).join('\n')).toMatch(expected);
  });
});

describe('branches/*.yaml', () => {
  it('accepts 3 to 5 bearers, one entry per file', async () => {
    write('content/branches/salem.yaml', branch(3));
    write('content/branches/theni.yaml', branch(5));
    const result = await checkOnDisk(root, contentSource('branches'));
    expect(result.problems).toEqual([]);
    expect(result.entries.map((entry) => entry.id)).toEqual(['salem', 'theni']);
  });

  it.each([
    [0, ['"bearers": expected 3 to 5 bearers; this branch has fewer than 3']],
    [
      7,
      [
        '"bearers › item 6": expected 3 to 5 bearers; this is bearer 6 of 7: remove it or another',
        '"bearers › item 7": expected 3 to 5 bearers; this is bearer 7 of 7: remove it or another',
      ],
    ],
  ])('reports a branch with %i bearers on the entries that break the rule', async (count, expected) => {
    write('content/branches/salem.yaml', count === 0 ? 'city: Salem\norder: 1\nbearers: []\n' : branch(count));
    const found = await messages('branches');
    expect(
      found.map((message) => message.replace(/^content\/branches\/salem\.yaml, line \d+, branch file "salem": /, '')),
    ).toEqual(expected);
  });

  it('accepts an empty second e-mail, as the original data has', async () => {
    write(
      'content/branches/salem.yaml',
      branch(3).replace('email: a@example.org', 'email: a@example.org\n    email2: ""'),
    );
    expect(await messages('branches')).toEqual([]);
  });

  it('reports a missing photo inside a bearer, naming the bearer', async () => {
    write('content/branches/salem.yaml', branch(3).replace('../photos/p.jpg', '../photos/nobody.jpg'));
    expect(await messages('branches')).toEqual([
      expect.stringMatching(/"bearers › item 1 › image": the photo "\.\.\/photos\/nobody\.jpg" does not exist/),
    ]);
  });

  it('reports an empty folder', async () => {
    mkdirSync(path.join(root, 'content/branches'), { recursive: true });
    expect(await messages('branches')).toEqual([
      'content/branches: this folder has no .yaml files; at least one is expected',
    ]);
  });
});

describe('problemReport', () => {
  it('says nothing when there is nothing wrong', () => {
    expect(problemReport([])).toBeUndefined();
  });

  it('lists every problem under one heading', () => {
    const report = problemReport([
      { file: 'content/site.yaml', line: 3, field: 'contact › email', message: 'expected an e-mail address' },
      { file: 'content/home.yaml', message: 'this file is missing' },
    ]);
    expect(report).toBe(
      [
        'There are 2 mistakes in the site content:',
        '  - content/site.yaml, line 3: "contact › email": expected an e-mail address',
        '  - content/home.yaml: this file is missing',
      ].join('\n'),
    );
  });
});

describe('privacy.yaml', () => {
  const notice = (paragraph: string) =>
    `title: Privacy notice\ndescription: What the form collects.\nupdated: "2026-11-22"\nsections:\n  - heading: How long\n    paragraphs:\n      - ${paragraph}\n`;

  it('accepts a notice that says how long messages are kept', async () => {
    write('content/privacy.yaml', notice('Messages are kept for {retention}.'));
    expect(await messages('privacy')).toEqual([]);
  });

  it('refuses a notice that does not say how long messages are kept', async () => {
    write('content/privacy.yaml', notice('Messages are kept for a while.'));
    expect(await messages('privacy')).toEqual([
      expect.stringMatching(/content\/privacy\.yaml.*"sections": expected "\{retention\}" in a paragraph/),
    ]);
  });
});
