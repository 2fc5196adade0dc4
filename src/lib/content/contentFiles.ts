/**
 * Which YAML files make up the site's content, how each is read, and which schema checks it.
 * Both the Astro loader and `npm run check:content` read this list, so they can never disagree.
 */
import type { createSchemas } from './schemas.ts';

type SchemaName = keyof ReturnType<typeof createSchemas>;

export interface ContentSource {
  /** The collection name used with getCollection()/getEntry(). */
  collection: string;
  /** A file or (for `folder`) a folder, relative to the project root. */
  path: string;
  /**
   * - `single`: the whole file is one entry (id: the file name without .yaml);
   * - `list`: the file is a list, each item an entry;
   * - `folder`: every .yaml file in the folder is one entry (id: the file name without .yaml).
   */
  shape: 'single' | 'list' | 'folder';
  schema: SchemaName;
  /** What one entry is called in error messages: "webinar 3". */
  entryName: string;
  /** For lists: the field that must be unique and names the entry, if any. */
  idField?: string;
  /** For lists and folders: the fields that describe an entry in messages (first one present wins). */
  labelFields: readonly string[];
  /** A rule about the whole list; returns what is wrong, if anything. */
  listRule?: (entries: readonly Record<string, unknown>[]) => string | undefined;
}

/** The home page shows four webinar cards (spec point 9). */
export const HOME_WEBINAR_COUNT = 4;

function fourHomeWebinars(entries: readonly Record<string, unknown>[]): string | undefined {
  const count = entries.filter((entry) => entry['showOnHome'] === true).length;
  return count === HOME_WEBINAR_COUNT
    ? undefined
    : `exactly ${HOME_WEBINAR_COUNT} webinars must have "showOnHome: true" (the home page shows four cards); ${count} have it`;
}

export const CONTENT_SOURCES = [
  {
    collection: 'site',
    path: 'content/site.yaml',
    shape: 'single',
    schema: 'site',
    entryName: 'site',
    labelFields: [],
  },
  {
    collection: 'home',
    path: 'content/home.yaml',
    shape: 'single',
    schema: 'home',
    entryName: 'home page',
    labelFields: [],
  },
  {
    collection: 'privacy',
    path: 'content/privacy.yaml',
    shape: 'single',
    schema: 'privacy',
    entryName: 'privacy notice',
    labelFields: [],
  },
  {
    collection: 'webinars',
    path: 'content/webinars.yaml',
    shape: 'list',
    schema: 'webinar',
    entryName: 'webinar',
    idField: 'id',
    labelFields: ['title'],
    listRule: fourHomeWebinars,
  },
  {
    collection: 'conclave',
    path: 'content/conclave.yaml',
    shape: 'single',
    schema: 'conclave',
    entryName: 'conclave',
    labelFields: [],
  },
  {
    collection: 'stateBearers',
    path: 'content/state-bearers.yaml',
    shape: 'list',
    schema: 'stateBearer',
    entryName: 'bearer',
    labelFields: ['name', 'title'],
  },
  {
    collection: 'milestones',
    path: 'content/milestones.yaml',
    shape: 'list',
    schema: 'milestone',
    entryName: 'milestone',
    labelFields: ['year', 'text'],
  },
  {
    collection: 'branches',
    path: 'content/branches',
    shape: 'folder',
    schema: 'branch',
    entryName: 'branch',
    labelFields: ['city'],
  },
  {
    collection: 'galleries',
    path: 'content/galleries',
    shape: 'folder',
    schema: 'gallery',
    entryName: 'gallery',
    labelFields: ['title'],
  },
] as const satisfies readonly ContentSource[];

export type CollectionName = (typeof CONTENT_SOURCES)[number]['collection'];

export function contentSource(collection: CollectionName): ContentSource {
  const source = CONTENT_SOURCES.find((candidate) => candidate.collection === collection);
  if (!source) throw new Error(`No content source is defined for the collection "${collection}"`);
  return source;
}
