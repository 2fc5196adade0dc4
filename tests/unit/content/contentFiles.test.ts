/**
 * The list of content files (src/lib/content/contentFiles.ts) is the one place a content file is
 * registered: every YAML file under content/ is in it, and everything made from it knows each of
 * its entries (the Astro collections, the editor's forms, the JSON Schemas, the pull request's
 * summary). The forms' fields are held to the schemas by tests/unit/keystatic/formParity.test.ts.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSummary } from '../../../scripts/content/contentSummary.ts';
import { folderReader, readSnapshot, type SnapshotReader } from '../../../scripts/content/snapshot.ts';
import { collections } from '../../../src/content.config.ts';
import { CONTENT_SOURCES, jsonSchemaPath, type ContentSource } from '../../../src/lib/content/contentFiles.ts';
import { jsonSchemaFiles } from '../../../src/lib/content/jsonSchemas.ts';
import { collections as folderForms, singletons } from '../../../src/lib/keystatic/contentForms.ts';

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
    '%s: has its files, an Astro collection of its own, a form and a JSON Schema',
    (collection, source) => {
      expect(yamlFiles.filter((file) => listedIn(source, file)).length).toBeGreaterThan(0);
      expect(CONTENT_SOURCES.filter((other) => other.collection === collection)).toHaveLength(1);
      expect(Object.keys(collections)).toContain(collection);
      expect(Object.keys({ ...singletons, ...folderForms })).toContain(collection);
      expect(jsonSchemaFiles().has(jsonSchemaPath(source))).toBe(true);
    },
  );

  it('makes nothing the list does not hold', () => {
    const listed = CONTENT_SOURCES.map((source) => source.collection).sort();
    expect(Object.keys(collections).sort()).toEqual(listed);
    expect(Object.keys({ ...singletons, ...folderForms }).sort()).toEqual(listed);
  });
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
