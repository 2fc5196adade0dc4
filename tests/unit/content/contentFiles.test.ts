/**
 * The list of content files (src/lib/content/contentFiles.ts) is the one place a content file is
 * registered: every YAML file under content/ is in it, and everything made from it knows each of
 * its files. The forms are held to it by tests/unit/keystatic/formParity.test.ts, the JSON Schemas
 * by tests/unit/content/jsonSchemas.test.ts; the collections, forms and summary by their types.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSummary } from '../../../scripts/content/contentSummary.ts';
import { folderReader, readSnapshot, type SnapshotReader } from '../../../scripts/content/snapshot.ts';
import { CONTENT_SOURCES, type ContentSource } from '../../../src/lib/content/contentFiles.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** Every YAML file under content/, relative to the project root. */
const yamlFiles = readdirSync(path.join(root, 'content'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => `content/${file.split(path.sep).join('/')}`);

const listedIn = (source: ContentSource, file: string) =>
  source.shape === 'folder' ? path.posix.dirname(file) === source.path : file === source.path;

describe('the list of content files', () => {
  it('holds every YAML file under content/', () => {
    expect(yamlFiles.length).toBeGreaterThan(CONTENT_SOURCES.length);
    const unlisted = yamlFiles.filter((file) => !CONTENT_SOURCES.some((source) => listedIn(source, file)));
    expect(unlisted, 'add these to CONTENT_SOURCES in src/lib/content/contentFiles.ts').toEqual([]);
  });

  it.each(CONTENT_SOURCES.map((source) => [source.collection, source] as const))(
    '%s: has its file (or files) and a collection of its own',
    (collection, source) => {
      expect(yamlFiles.filter((file) => listedIn(source, file)).length).toBeGreaterThan(0);
      expect(CONTENT_SOURCES.filter((other) => other.collection === collection)).toHaveLength(1);
    },
  );
});

describe("the pull request's summary", () => {
  const content = folderReader(root);
  const before = readSnapshot(content);

  it.each(CONTENT_SOURCES.map((source) => [source.collection, source] as const))(
    '%s: its file removed shows under its page',
    (_collection, source) => {
      const without: SnapshotReader = {
        ...content,
        read: (file) => (listedIn(source, file) ? undefined : content.read(file)),
        yamlFilesIn: (folder) => (folder === source.path ? [] : content.yamlFilesIn(folder)),
      };
      const summary = contentSummary(before, readSnapshot(without), 'main');
      expect(summary).toMatch(new RegExp(`^### ${RegExp.escape(source.page)}.*\\n\\n- `, 'm'));
    },
  );
});
