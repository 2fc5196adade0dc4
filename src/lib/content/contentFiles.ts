/**
 * Every YAML file of the site's content, listed once: how it is read, which schema checks it,
 * which rules about a whole list apply, what it is called in messages and in the pull request's
 * summary. Everything that registers a content file is made from this list: the Astro
 * collections (src/content.config.ts), the editor's forms (src/lib/keystatic/contentForms.ts, by
 * collection), the JSON Schemas for editors (`npm run schemas`), the content check, the forms'
 * format (`npm run content:format`) and the summary (`npm run content:diff`).
 * tests/unit/content/contentFiles.test.ts fails when a file under content/ is missing here, or a
 * consumer misses an entry. No node: import here: the editor's forms run in the browser too.
 */
import { exactlyFlagged, type ListRule } from './listRules.ts';
import { STATE_OFFICES, type createSchemas } from './schemas.ts';

type SchemaName = keyof ReturnType<typeof createSchemas>;

export interface ContentSource {
  /** The collection name used with getCollection()/getEntry(). */
  collection: string;
  /** A file or (for `folder`) a folder, relative to the project root. */
  path: string;
  /**
   * - `single`: the whole file is one entry (id: the file name without .yaml);
   * - `list`: the file holds one list under `listKey` (such as `webinars:`), each item an entry;
   * - `folder`: every .yaml file in the folder is one entry (id: the file name without .yaml).
   */
  shape: 'single' | 'list' | 'folder';
  schema: SchemaName;
  /**
   * For lists: the one field at the top of the file that holds the list. The forms (Keystatic)
   * edit a file as fields, never as a bare list, so the list sits under a name.
   */
  listKey?: string;
  /** What one entry is called in messages: "webinar 3". */
  entryName: string;
  /** The plural, for messages about the whole list: "webinars". */
  entriesName: string;
  /** Where visitors see it, in their words: the heading of its changes in the pull request's summary. */
  page: string;
  /**
   * For lists: a field whose value no two entries may share (made by nothing the office types on
   * purpose, such as a webinar's video address), and what it is called in messages.
   */
  unique?: { field: string; name: string };
  /** For lists: the fields that describe an entry in messages (first one present wins). */
  labelFields?: readonly string[];
  /** For lists: exactly how many entries the page shows, and why (checked, and in the JSON Schema). */
  entries?: { exactly: number; reason: string };
  /**
   * For lists: the entries hold these values of `field`, each once, in this order (the offices of
   * the state bearers). Checked as a list rule, and entry by entry in the JSON Schema.
   */
  order?: { field: string; values: readonly string[] };
  /** For lists: further rules about the whole list (each reports the lines concerned). */
  rules?: readonly ListRule[];
}

/** The home page shows four webinar cards (docs/SPEC.md point 9). */
export const HOME_WEBINAR_COUNT = 4;
/** The milestones banner on the home page lists five. */
export const MILESTONE_COUNT = 5;

/**
 * The folder of the JSON Schemas made by `npm run schemas`. Inside content/, next to the files
 * they describe: each file's first line names its schema by a short relative path, the content
 * folder stays whole (github.dev or an editor opened on content/ alone still finds them), and no
 * top-level folder is added. The leading dot marks it as made by a tool, not edited by staff.
 */
export const JSON_SCHEMA_FOLDER = 'content/.schemas';

export const CONTENT_SOURCES = [
  {
    collection: 'site',
    path: 'content/site.yaml',
    shape: 'single',
    schema: 'site',
    entryName: 'site',
    entriesName: 'site',
    page: 'Every page (header, footer, search engines)',
  },
  {
    collection: 'home',
    path: 'content/home.yaml',
    shape: 'single',
    schema: 'home',
    entryName: 'home page',
    entriesName: 'home page',
    page: 'Home',
  },
  {
    collection: 'privacy',
    path: 'content/privacy.yaml',
    shape: 'single',
    schema: 'privacy',
    entryName: 'privacy notice',
    entriesName: 'privacy notice',
    page: 'Privacy notice',
  },
  {
    collection: 'webinars',
    path: 'content/webinars.yaml',
    shape: 'list',
    listKey: 'webinars',
    schema: 'webinar',
    entryName: 'webinar',
    entriesName: 'webinars',
    page: 'Past Webinars',
    unique: { field: 'videoUrl', name: 'video address' },
    labelFields: ['title'],
    rules: [
      exactlyFlagged({
        field: 'showOnHome',
        count: HOME_WEBINAR_COUNT,
        entriesName: 'webinars',
        reason: 'the home page shows four cards',
      }),
    ],
  },
  {
    collection: 'conclave',
    path: 'content/conclave.yaml',
    shape: 'single',
    schema: 'conclave',
    entryName: 'conclave',
    entriesName: 'conclave',
    page: 'Past Webinars',
  },
  {
    collection: 'stateBearers',
    path: 'content/state-bearers.yaml',
    shape: 'list',
    listKey: 'bearers',
    schema: 'stateBearer',
    entryName: 'bearer',
    entriesName: 'state bearers',
    page: 'Office Bearers',
    labelFields: ['name', 'title'],
    entries: { exactly: STATE_OFFICES.length, reason: 'the Office Bearers page shows six cards' },
    order: { field: 'title', values: STATE_OFFICES },
  },
  {
    collection: 'milestones',
    path: 'content/milestones.yaml',
    shape: 'list',
    listKey: 'milestones',
    schema: 'milestone',
    entryName: 'milestone',
    entriesName: 'milestones',
    page: 'Milestones (home page)',
    labelFields: ['year', 'text'],
    entries: { exactly: MILESTONE_COUNT, reason: 'the milestones banner on the home page lists five' },
  },
  {
    collection: 'branches',
    path: 'content/branches',
    shape: 'folder',
    schema: 'branch',
    entryName: 'branch',
    entriesName: 'branches',
    page: 'Branches',
  },
  {
    collection: 'galleries',
    path: 'content/galleries',
    shape: 'folder',
    schema: 'gallery',
    entryName: 'gallery',
    entriesName: 'galleries',
    page: 'Gallery',
  },
] as const satisfies readonly ContentSource[];

/** One entry of the list, with its own collection name, schema and shape (not widened to all). */
export type ContentFile = (typeof CONTENT_SOURCES)[number];
export type CollectionName = ContentFile['collection'];

export function contentSource(collection: CollectionName): ContentSource {
  const source = CONTENT_SOURCES.find((candidate) => candidate.collection === collection);
  if (!source) throw new Error(`No content source is defined for the collection "${collection}"`);
  return source;
}

/** The entries of a list file's data, or undefined when it does not hold a list where it should. */
export function listEntries(source: ContentSource, data: unknown): unknown[] | undefined {
  const list: unknown =
    source.listKey && typeof data === 'object' && data !== null && !Array.isArray(data)
      ? (data as Record<string, unknown>)[source.listKey]
      : undefined;
  return Array.isArray(list) ? list : undefined;
}

/** The JSON Schema of a source, relative to the project root: "content/.schemas/webinars.schema.json". */
export function jsonSchemaPath(source: ContentSource): string {
  const name = source.shape === 'folder' ? source.schema : source.path.replace(/^.*\/|\.yaml$/g, '');
  return `${JSON_SCHEMA_FOLDER}/${name}.schema.json`;
}

/**
 * The first line of a content file, which tells the YAML extension of VS Code (and github.dev)
 * which JSON Schema to check it with, as a path relative to the file.
 */
export function schemaModeline(source: ContentSource, yamlFile: string): string {
  // Every content file is in content/ or a folder below it, and the schemas in content/.schemas/.
  const depth = yamlFile.split('/').length - 2;
  const schema = jsonSchemaPath(source).slice('content/'.length);
  return `# yaml-language-server: $schema=${depth > 0 ? '../'.repeat(depth) : './'}${schema}`;
}
