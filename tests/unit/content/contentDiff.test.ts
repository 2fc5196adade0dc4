/**
 * `npm run content:diff`: the summary of what visitors will see change, tested on fixture pairs
 * (tests/fixtures/content-diff/<case>/before and after). Each summary is parsed back as Markdown
 * (mdast), so the test sees what GitHub's job summary shows: the page headings and the list
 * items as plain text, with nothing from the content turned into emphasis, links or HTML.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { diffBase } from '../../../scripts/content/diffBase.ts';
import { fileLink } from '../../../scripts/content/describePhotos.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { fields, type ComponentSchema } from '@keystatic/core';
import { contentSummary, formOf } from '../../../scripts/content/contentSummary.ts';
import { fieldChanges } from '../../../scripts/content/describeFields.ts';
import { CONTENT_SOURCES, contentSource } from '../../../src/lib/content/contentFiles.ts';
import { FORMS } from '../../../src/lib/keystatic/contentForms.ts';
import { gitReader } from '../../../scripts/content/gitReader.ts';
import { folderReader, readSnapshot } from '../../../scripts/content/snapshot.ts';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
const fixtures = path.join(projectRoot, 'tests/fixtures/content-diff');

function summaryOf(fixture: string): string {
  const before = readSnapshot(folderReader(path.join(fixtures, fixture, 'before')));
  const after = readSnapshot(folderReader(path.join(fixtures, fixture, 'after')));
  return contentSummary(before, after, 'main');
}

/** Only these Markdown nodes may appear: content text must never become emphasis, a link or HTML. */
const ALLOWED = new Set([
  'root',
  'heading',
  'paragraph',
  'text',
  'list',
  'listItem',
  'inlineCode',
  'blockquote',
  'strong',
]);

function plain(node: Nodes): string {
  if ('value' in node) return node.value;
  return 'children' in node ? node.children.map((child) => plain(child)).join('') : '';
}

/** The summary as a reader sees it: each page heading with its list items, and the other paragraphs. */
function rendered(markdown: string) {
  const tree = fromMarkdown(markdown);
  const types = new Set<string>();
  const visit = (node: Nodes) => {
    types.add(node.type);
    if ('children' in node) node.children.forEach(visit);
  };
  visit(tree);
  const pages: Record<string, string[]> = {};
  const notes: string[] = [];
  let page: string | undefined;
  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth === 3) page = plain(node);
    else if (node.type === 'list' && page) pages[page] = node.children.map((item) => plain(item));
    else if (node.type === 'paragraph' || node.type === 'blockquote') notes.push(plain(node));
  }
  return {
    types: [...types].filter((type) => !ALLOWED.has(type)),
    title: plain(tree.children[0] ?? tree),
    pages,
    notes,
  };
}

describe('content:diff on fixture pairs', () => {
  it.each([
    [
      'office-bearers',
      {
        'Office Bearers': [
          'State office bearers › President: Dr. Sample Kumar › Name: “Dr. Sample Kumar” → “Dr. Example Meena”',
          'State office bearers › Hon. Treasurer: Dr. Demo Lakshmi › Phone: “+91 00000 10106” → “+91 00000 10199”',
          'State office bearers › Hon. Treasurer: Dr. Demo Lakshmi › Second e-mail added: “treasurer.office@example.org”',
          'State office bearers › Academic Chairman: Dr. Placeholder Arun › Photo changed',
        ],
      },
    ],
    [
      'branches',
      {
        // Each branch is named by its city (a file of its own), each bearer by the list's item label.
        Branches: [
          'Branches › Hosur added',
          // A new person in the same position: the bearer changed, not one removed and one added.
          'Branches › Salem › Bearers › Secretary: Dr. Fictional Saranya › Name: “Dr. Fictional Saranya” → “Dr. Example Nila”',
          'Branches › Salem › Bearers › Treasurer: Dr. Sample Prakash › Phone: “+91 00000 10229” → “+91 00000 10299”',
          'Branches › Salem › Bearers › Joint Secretary: Dr. Example Ravi added',
          'Branches › Theni removed',
        ],
      },
    ],
    [
      'webinars',
      {
        // The webinars and the conclave links are both on Past Webinars, each under its form's name.
        'Past Webinars': [
          'Webinars › On the home page · 2025-07-11 Safe sedation outside the theatre added',
          // Its video address changed: still the same webinar, as its other fields are the same.
          'Webinars › On the home page · 2025-03-14 Exam cases for the final practical examination › Video address: “https://www.youtube.com/watch?v=SampleWeb01” → “https://www.youtube.com/watch?v=SampleWeb01b”',
          'Webinars › 2025-04-18 Anaesthesia for massive obstetric haemorrhage › Date: “2025-04-18” → “2025-04-25”',
          'Webinars › 2025-04-18 Anaesthesia for massive obstetric haemorrhage › Title: “Anaesthesia for massive obstetric haemorrhage” → “Massive obstetric haemorrhage: the *first* hour <b>”',
          'Webinars › On the home page · 2024-05-16 The paediatric airway: simple steps and safe hands removed',
          'Conclave links › Halls › Hall A › Video links › 2020-12-18 › Video address: “https://www.youtube.com/watch?v=SampleHallA1” → “https://www.youtube.com/watch?v=SampleHallA9”',
          'Conclave links › Halls › Hall A › Video links › 2020-12-20 added',
        ],
      },
    ],
    [
      'pages',
      {
        'Every page (header, footer, search engines)': [
          "The site's details › Head office › Phone: “+91 00000 10002” → “+91 00000 10003”",
          "The site's details › Branches listed in the footer › “Trichy” added",
          "The site's details › Places of the Monthly Activities filter › “Trichy” added",
        ],
        Home: [
          'Home page texts › Banner › Welcome title: “Welcome to ISA Tamilnadu” → “Welcome to the ISA Tamil Nadu branch”',
          'Home page texts › Banner › Banner pictures › Delegates listening to a talk at the annual state conference (sample picture) › The banner picture changed',
        ],
        'Milestones (home page)': [
          'Milestones › All-India conferences hosted in three cities of the state › What happened: “All-India conferences hosted in three cities of the state” → “All-India conferences hosted in four cities of the state”',
        ],
        Gallery: [
          'Galleries › Sports Meet › Photos and videos › Members at the start of the relay race › Photo replaced (same file name)',
          'Galleries › Sports Meet › Photos and videos › Prize giving at the end of the day added',
        ],
        'Photos added or replaced (look at each)': ['content/photos/gallery/sports-1.jpg replaced'],
      },
    ],
  ])('%s: lists what visitors will see change, page by page, as Markdown', (fixture, pages) => {
    const summary = rendered(summaryOf(fixture));
    expect(summary.types).toEqual([]);
    expect(summary.title).toBe('Content changes visitors will see');
    expect(summary.pages).toEqual(pages);
  });

  it.each([
    ['no-visible-change', 'No visible change: the content files differ only in comments, spacing or quoting.'],
    ['identical', 'No visible change: no content file changed.'],
  ])('%s: says so in plain words', (fixture, note) => {
    const summary = rendered(summaryOf(fixture));
    expect(summary.pages).toEqual({});
    expect(summary.notes).toEqual(['Compared with main.', note]);
  });

  it('names a file with mistakes instead of describing its changes, and describes the others', () => {
    const summary = rendered(summaryOf('broken'));
    expect(summary.notes).toContain(
      'content/state-bearers.yaml has mistakes, so its changes are not described here: see the content check (npm run check:content) and its annotations.',
    );
    expect(Object.keys(summary.pages)).toEqual(['Branches']);
  });
});

describe("the words of the editor's forms", () => {
  const branches = FORMS.branches;
  const bearers = branches.schema.bearers;
  const salem = (...people: Record<string, string>[]) => ({ city: 'Salem', order: 8, bearers: people });
  const ganesh = { name: 'Dr. Dummy Ganesh', position: 'President', phone: '+91 00000 10226' };
  const nila = { name: 'Dr. Example Nila', position: 'Secretary', phone: '+91 00000 10228' };
  const prakash = { name: 'Dr. Sample Prakash', position: 'Treasurer', phone: '+91 00000 10229' };
  /** Photo fingerprints on each side: a.jpg on the base; b.jpg holds its picture, a.jpg another one. */
  const photos = {
    before: (photo: string) => ({ 'a.jpg': 'first' })[photo],
    after: (photo: string) => ({ 'a.jpg': 'second', 'b.jpg': 'first', 'c.jpg': 'third' })[photo],
  };
  const changes = (form: ComponentSchema, before: unknown, after: unknown) =>
    fieldChanges(form, before, after, ['Branches', 'Salem'], photos);

  it('names a field added to a form by its label, with nothing added to scripts/content', () => {
    const withPager = fields.object({
      ...branches.schema,
      bearers: {
        ...bearers,
        element: fields.object({ ...bearers.element.fields, pager: fields.text({ label: 'Pager' }) }),
      },
    });
    expect(changes(withPager, salem(ganesh, nila), salem({ ...ganesh, pager: '1234' }, nila))).toEqual([
      'Branches › Salem › Bearers › President: Dr. Dummy Ganesh › Pager added: “1234”',
    ]);
  });

  it('tells a photo by the picture behind its path', () => {
    const form = fields.object(branches.schema);
    const photo = (before: string, after: string) =>
      changes(form, salem({ ...ganesh, image: before }), salem({ ...ganesh, image: after }));
    expect(photo('a.jpg', 'b.jpg')).toEqual([]); // the same picture, renamed
    expect(photo('a.jpg', 'a.jpg')).toEqual([
      'Branches › Salem › Bearers › President: Dr. Dummy Ganesh › Photo replaced (same file name)',
    ]);
    expect(photo('a.jpg', 'c.jpg')).toEqual([
      'Branches › Salem › Bearers › President: Dr. Dummy Ganesh › Photo changed',
    ]);
  });

  it('tells an item moved in a list once, at its new place', () => {
    const form = fields.object(branches.schema);
    expect(changes(form, salem(ganesh, nila, prakash), salem(nila, ganesh, prakash))).toEqual([
      'Branches › Salem › Bearers › Secretary: Dr. Example Nila moved to place 1',
    ]);
  });

  it('escapes the content in the names of items, as in values', () => {
    const form = fields.object(branches.schema);
    const star = { ...prakash, name: 'Dr. *Star* <b>' };
    expect(changes(form, salem(ganesh), salem(ganesh, star))).toEqual([
      'Branches › Salem › Bearers › Treasurer: Dr. \\*Star\\* \\<b\\> added',
    ]);
  });

  it('tells a choice of fields (a conditional field) by the choice, then the chosen field', () => {
    const video = fields.conditional(fields.checkbox({ label: 'Has a video' }), {
      true: fields.url({ label: 'Video address' }),
      false: fields.empty(),
    });
    const form = fields.object({ video });
    const address = 'https://www.youtube.com/watch?v=Sample01';
    expect(
      changes(form, { video: { discriminant: false } }, { video: { discriminant: true, value: address } }),
    ).toEqual([
      'Branches › Salem › Has a video: not ticked → ticked',
      `Branches › Salem › Has a video › Video address added: “${address}”`,
    ]);
  });

  it.each(CONTENT_SOURCES.map((source) => [source.path, source] as const))(
    '%s: has a form to walk',
    (_path, source) => {
      expect(formOf(source).schema).toBeTypeOf('object');
    },
  );

  it('fails on a content file with no form, naming it', () => {
    const formless = { ...contentSource('galleries'), collection: 'no-such-file', path: 'content/no-such-file' };
    expect(() => formOf(formless)).toThrow('content/no-such-file has no form in src/lib/keystatic/contentForms.ts');
  });
});

describe('a base written before today’s rules', () => {
  it('names the file at the base instead of blaming the change, and describes nothing wrongly', () => {
    const summary = rendered(summaryOf('older-base'));
    expect(summary.notes).toEqual([
      'Compared with main.',
      "content/site.yaml at main does not fit today's content rules (it was written before a rule or field was added), so its changes are not described here: compare the page by hand.",
      'No other visible change.',
    ]);
    expect(summary.pages).toEqual({});
  });
});

describe('reading the base side from git', () => {
  function repository() {
    const root = mkdtempSync(path.join(tmpdir(), 'content-diff-git-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], { cwd: root });
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    git('init', '-q');
    return { root, git, write, remove: () => rmSync(root, { recursive: true, force: true }) };
  }

  it('reads files and photo fingerprints at a commit without touching the working tree', () => {
    const repo = repository();
    try {
      repo.write('content/milestones.yaml', '- year: 1974\n  text: First state conference\n');
      repo.write('content/photos/a.jpg', 'first photo');
      repo.write('content/branches/salem.yaml', 'city: Salem\n');
      repo.git('add', '-A');
      repo.git('commit', '-qm', 'base');
      repo.write('content/milestones.yaml', '- year: 1975\n  text: Silver jubilee\n');
      repo.write('content/photos/a.jpg', 'second photo');

      const base = gitReader(repo.root, 'HEAD');
      const working = folderReader(repo.root);
      expect(base.read('content/milestones.yaml')).toBe('- year: 1974\n  text: First state conference\n');
      expect(base.read('content/site.yaml')).toBeUndefined();
      expect(base.yamlFilesIn('content/branches')).toEqual(['content/branches/salem.yaml']);
      expect(base.photoId('content/branches/../photos/a.jpg')).toBe(
        execFileSync('git', ['rev-parse', 'HEAD:content/photos/a.jpg'], { cwd: repo.root, encoding: 'utf8' }).trim(),
      );
      expect(working.photoId('content/photos/a.jpg')).not.toBe(base.photoId('content/photos/a.jpg'));
      repo.write('content/photos/a.jpg', 'first photo');
      expect(working.photoId('content/photos/a.jpg')).toBe(base.photoId('content/photos/a.jpg'));
    } finally {
      repo.remove();
    }
  });

  it('refuses a ref that is not a commit, in plain words', () => {
    const repo = repository();
    try {
      expect(() => gitReader(repo.root, 'no-such-branch')).toThrow(
        /"no-such-branch" is not a commit of this repository/,
      );
    } finally {
      repo.remove();
    }
  });

  it('explains how to run it when the argument is an option', () => {
    const run = spawnSync(process.execPath, [path.join(projectRoot, 'scripts/content-diff.ts'), '--base'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Usage: npm run content:diff [-- <git ref>]');
  });
});

describe('links to the photos a change adds or replaces', () => {
  it.each([
    [{}, undefined],
    [{ GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'isa-tn/website' }, undefined],
    [
      {
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'isa-tn/website',
        GITHUB_HEAD_REF: 'content/main#salem',
      },
      'https://github.com/isa-tn/website/blob/content/main%23salem/content/photos/bearers/branches/salem/bearers/0/image.jpg',
    ],
  ])('in %o: %s', (env, link) => {
    expect(fileLink('content/photos/bearers/branches/salem/bearers/0/image.jpg', env)).toBe(link);
  });
});

describe('the base it compares with', () => {
  /** main: "start"; the branch content/salem: "salem" (checked out); main then moves on: "later". */
  function branched() {
    const root = mkdtempSync(path.join(tmpdir(), 'content-diff-base-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], {
        cwd: root,
        encoding: 'utf8',
      }).trim();
    const commit = (file: string, message: string) => {
      writeFileSync(path.join(root, file), message);
      git('add', '-A');
      git('commit', '-qm', message);
      return git('rev-parse', 'HEAD');
    };
    git('init', '-q', '-b', 'main');
    const start = commit('a.txt', 'start');
    git('checkout', '-q', '-b', 'content/salem');
    const salem = commit('b.txt', 'salem');
    git('checkout', '-q', 'main');
    const later = commit('c.txt', 'later');
    git('checkout', '-q', 'content/salem');
    return { root, start, salem, later, remove: () => rmSync(root, { recursive: true, force: true }) };
  }

  it.each([
    ['no-such-branch', /"no-such-branch" is not a commit of this repository/],
    [undefined, /neither origin\/main nor main is a branch here/],
  ])('refuses %s in plain words', (ref, message) => {
    const root = mkdtempSync(path.join(tmpdir(), 'content-diff-base-'));
    try {
      execFileSync('git', ['init', '-q', '-b', 'trunk'], { cwd: root });
      expect(() => diffBase(root, ref)).toThrow(message);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.each([
    ['nothing: the merge base with main, not where main is now', undefined, 'start', /^the merge base of main/],
    ['main: the same merge base', 'main', 'start', /^the merge base of main/],
    [
      "HEAD after committing: the commit's parent, so the commit's change shows",
      'HEAD',
      'start',
      /^the commit before HEAD/,
    ],
    ['an earlier commit of the branch: that commit', 'start', 'start', /^start$/],
  ] as const)('given %s', (_case, ref, expected, label) => {
    const repo = branched();
    try {
      const base = diffBase(repo.root, ref === 'start' ? repo.start : ref);
      expect(base.commit).toBe(repo[expected]);
      expect(base.commit).not.toBe(repo.later);
      expect(ref === 'start' ? base.label === repo.start : label.test(base.label)).toBe(true);
    } finally {
      repo.remove();
    }
  });
});
