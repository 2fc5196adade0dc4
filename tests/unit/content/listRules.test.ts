/**
 * The rules about whole lists, through the check that the build and `npm run check:content`
 * run: each mistake is reported on a line, and names the lines of the other entries concerned.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkSource, formatProblem } from '../../../src/lib/content/checkContent.ts';
import { contentSource, type CollectionName } from '../../../src/lib/content/contentFiles.ts';
import { STATE_OFFICES } from '../../../src/lib/content/schemas.ts';

/** Checks one file given as text, without a disk (photos are plain paths here). */
async function problems(collection: CollectionName, text: string): Promise<string[]> {
  const source = contentSource(collection);
  const result = await checkSource(source, {
    reader: { read: (file) => (file === source.path ? text : undefined), yamlFilesIn: () => [] },
    image: () => () => z.string(),
  });
  return result.problems.map(formatProblem);
}

const webinar = (n: number, showOnHome: boolean) =>
  [
    '- image: ./photos/w.jpg',
    '  date: "2025-03-14"',
    '  host: Hosted by Salem branch',
    `  shortTitle: Talk ${n}`,
    `  title: Talk number ${n}`,
    `  videoUrl: https://www.youtube.com/watch?v=Talk${n}`,
    `  showOnHome: ${showOnHome}`,
  ].join('\n');

/** Webinars numbered `ns` (the same number, the same video); the first `home` are marked for the home page. */
const webinars = (ns: number[], home: number) =>
  `webinars:\n${ns.map((n, index) => webinar(n, index < home)).join('\n')}\n`;

const bearer = (title: string, index: number) =>
  `- image: ./photos/p.jpg\n  name: Dr. Sample ${index}\n  title: ${title}\n  phone1: "+91 00000 1010${index}"\n  email1: b${index}@example.org\n`;

const bearers = (titles: readonly string[]) =>
  `bearers:\n${titles.map((title, index) => bearer(title, index + 1)).join('')}`;

const milestones = (count: number) =>
  'milestones:\n' +
  Array.from({ length: count }, (_, index) => `- year: ${1974 + index}\n  text: Milestone ${index + 1}\n`).join('');

describe('webinars: exactly four on the home page', () => {
  it.each([
    [
      'five',
      5,
      'content/webinars.yaml, line 36, webinar 5 (“Talk number 5”): "showOnHome": exactly 4 webinars must have "showOnHome: true" (the home page shows four cards), but 5 have it: webinar 1 (“Talk number 1”) (line 8), webinar 2 (“Talk number 2”) (line 15), webinar 3 (“Talk number 3”) (line 22), webinar 4 (“Talk number 4”) (line 29), webinar 5 (“Talk number 5”) (line 36); set "showOnHome: false" on one of them',
    ],
    [
      'three',
      3,
      'content/webinars.yaml, line 8, webinar 1 (“Talk number 1”): "showOnHome": exactly 4 webinars must have "showOnHome: true" (the home page shows four cards), but 3 have it: webinar 1 (“Talk number 1”) (line 8), webinar 2 (“Talk number 2”) (line 15), webinar 3 (“Talk number 3”) (line 22); set "showOnHome: true" on one more',
    ],
    [
      'none',
      0,
      'content/webinars.yaml, line 8, webinar 1 (“Talk number 1”): "showOnHome": exactly 4 webinars must have "showOnHome: true" (the home page shows four cards), but none has it; set "showOnHome: true" on 4 more',
    ],
  ])('refuses %s, naming the line of each one found', async (_case, home, message) => {
    expect(await problems('webinars', webinars([1, 2, 3, 4, 5, 6], home))).toEqual([message]);
  });

  it('accepts four', async () => {
    expect(await problems('webinars', webinars([1, 2, 3, 4, 5, 6], 4))).toEqual([]);
  });
});

describe('webinars: every video address once', () => {
  it('reports a repeated video address on its line and names the line of the first', async () => {
    expect(await problems('webinars', webinars([1, 2, 3, 4, 2], 4))).toEqual([
      'content/webinars.yaml, line 35, webinar 5 (“Talk number 2”): "videoUrl": the video address https://www.youtube.com/watch?v=Talk2 is already used by webinar 2 (“Talk number 2”) (line 14); every webinar needs its own video address',
    ]);
  });
});

describe('state-bearers.yaml: the six offices, in the spec’s order', () => {
  const [president, elect, secretary, treasurer, academic, election] = STATE_OFFICES;

  it.each([
    [
      'two offices swapped',
      [president, elect, treasurer, secretary, academic, election],
      [
        'content/state-bearers.yaml, line 19, bearer 4 (“Dr. Sample 4”): "title": "Hon. Secretary" must come before "Hon. Treasurer" (bearer 3 (“Dr. Sample 3”) (line 14)): the page shows them in this order: President, President Elect, Hon. Secretary, Hon. Treasurer, Academic Chairman, Chief Election Officer',
      ],
    ],
    [
      'an office missing',
      [president, elect, secretary, academic, election],
      [
        'content/state-bearers.yaml, line 22: expected exactly 6 state bearers (the Office Bearers page shows six cards), but there are 5: bearer 1 (“Dr. Sample 1”) (line 2), bearer 2 (“Dr. Sample 2”) (line 7), bearer 3 (“Dr. Sample 3”) (line 12), bearer 4 (“Dr. Sample 4”) (line 17), bearer 5 (“Dr. Sample 5”) (line 22); add 1',
        'content/state-bearers.yaml, line 2: no bearer holds "Hon. Treasurer": the page shows them in this order: President, President Elect, Hon. Secretary, Hon. Treasurer, Academic Chairman, Chief Election Officer',
      ],
    ],
    [
      'an office twice',
      [president, elect, secretary, treasurer, academic, election, president],
      [
        'content/state-bearers.yaml, line 32, bearer 7 (“Dr. Sample 7”): expected exactly 6 state bearers (the Office Bearers page shows six cards), but there are 7: bearer 1 (“Dr. Sample 1”) (line 2), bearer 2 (“Dr. Sample 2”) (line 7), bearer 3 (“Dr. Sample 3”) (line 12), bearer 4 (“Dr. Sample 4”) (line 17), bearer 5 (“Dr. Sample 5”) (line 22), bearer 6 (“Dr. Sample 6”) (line 27), bearer 7 (“Dr. Sample 7”) (line 32); remove 1',
        'content/state-bearers.yaml, line 34, bearer 7 (“Dr. Sample 7”): "title": "President" is already held by bearer 1 (“Dr. Sample 1”) (line 4); each office is listed once',
      ],
    ],
    [
      'an office that is not one of the six',
      [president, elect, secretary, treasurer, academic, 'Patron'],
      [
        'content/state-bearers.yaml, line 2: no bearer holds "Chief Election Officer": the page shows them in this order: President, President Elect, Hon. Secretary, Hon. Treasurer, Academic Chairman, Chief Election Officer',
        'content/state-bearers.yaml, line 29, bearer 6 (“Dr. Sample 6”): "title": expected one of the six offices: President, President Elect, Hon. Secretary, Hon. Treasurer, Academic Chairman, Chief Election Officer (found "Patron")',
      ],
    ],
  ])('reports %s with the lines concerned', async (_case, titles, expected) => {
    expect(await problems('stateBearers', bearers(titles))).toEqual(expected);
  });

  it('accepts the six in order', async () => {
    expect(await problems('stateBearers', bearers(STATE_OFFICES))).toEqual([]);
  });
});

describe('milestones.yaml: five milestones', () => {
  it.each([
    [
      4,
      'content/milestones.yaml, line 8: expected exactly 5 milestones (the milestones banner on the home page lists five), but there are 4: milestone 1 (“1974”) (line 2),',
    ],
    [
      6,
      'content/milestones.yaml, line 12, milestone 6 (“1979”): expected exactly 5 milestones (the milestones banner on the home page lists five), but there are 6',
    ],
  ])('reports %i milestones', async (count, expected) => {
    const [message] = await problems('milestones', milestones(count));
    expect(message).toContain(expected);
  });

  it('accepts five', async () => {
    expect(await problems('milestones', milestones(5))).toEqual([]);
  });
});
