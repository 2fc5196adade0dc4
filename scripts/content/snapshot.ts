/**
 * The site's content at one point in time (a git commit, the working tree or a test fixture),
 * checked with the same zod schemas as the build and kept as written: the summary compares what the
 * editor's forms write, field by field (describeFields.ts). Photos stay paths (they need not exist on this
 * disk) and each photo file gets a fingerprint, so that a photo replaced under the same name is
 * seen as changed too.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CONTENT_SOURCES, listEntries, type ContentSource } from '../../src/lib/content/contentFiles.ts';
import { diskReader, type ContentReader } from '../../src/lib/content/contentReader.ts';
import { createSchemas } from '../../src/lib/content/schemas.ts';
import { parseYamlFile } from '../../src/lib/content/yamlDocument.ts';

/** A ContentReader that can also tell whether two photo files hold the same bytes. */
export interface SnapshotReader extends ContentReader {
  /** The same text for the same bytes (git's blob id), undefined when there is no such file. */
  photoId(file: string): string | undefined;
}

const schemas = createSchemas(() => z.string());

/** Every content file that exists, with its collection and its entries (as written, each checked by its schema). */
export type SnapshotFiles = Map<string, { collection: string; entries: unknown[] }>;

/** The files as read, before they are compared: entries that passed their schema, by file. */
export interface RawSnapshot {
  files: SnapshotFiles;
  /** Files that could not be read with the schemas (their changes cannot be described). */
  broken: string[];
  /** The raw text of every content file, to tell "nothing changed" from "nothing visible changed". */
  texts: Map<string, string>;
  photoId(yamlFile: string, photo: string): string | undefined;
}

/** Git's blob id of some bytes: equal for equal bytes, and what `git ls-tree` prints. */
function gitBlobId(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** A snapshot reader for a folder on disk: the working tree, or a fixture. */
export function folderReader(root: string): SnapshotReader {
  return {
    ...diskReader(root),
    photoId(file) {
      const absolute = path.join(root, file);
      return existsSync(absolute) ? gitBlobId(readFileSync(absolute)) : undefined;
    },
  };
}

function filesOf(reader: ContentReader, source: ContentSource): string[] {
  return source.shape === 'folder' ? reader.yamlFilesIn(source.path) : [source.path];
}

/** The entries of one file, each checked with the schema; none when the file is broken. */
function entriesOf(source: ContentSource, text: string): unknown[] | undefined {
  const { data, syntaxErrors } = parseYamlFile(text);
  if (syntaxErrors.length > 0) return undefined;
  const items = source.shape === 'list' ? listEntries(source, data) : [data];
  if (!items) return undefined;
  const schema = schemas[source.schema];
  return items.every((item) => schema.safeParse(item).success) ? items : undefined;
}

export function readSnapshot(reader: SnapshotReader): RawSnapshot {
  const snapshot: RawSnapshot = {
    files: new Map(),
    broken: [],
    texts: new Map(),
    photoId: (yamlFile, photo) => reader.photoId(path.posix.join(path.posix.dirname(yamlFile), photo)),
  };
  for (const source of CONTENT_SOURCES) {
    for (const file of filesOf(reader, source)) {
      const text = reader.read(file);
      if (text === undefined) continue;
      snapshot.texts.set(file, text);
      const entries = entriesOf(source, text);
      if (entries) snapshot.files.set(file, { collection: source.collection, entries });
      else snapshot.broken.push(file);
    }
  }
  return snapshot;
}

/**
 * The two sides, made comparable: a file broken on either side shows the same on both (the side
 * that could be read, or nothing), so that its changes are left out rather than misdescribed.
 */
export function comparable(before: RawSnapshot, after: RawSnapshot): [SnapshotFiles, SnapshotFiles] {
  const oldFiles = new Map(before.files);
  const newFiles = new Map(after.files);
  for (const file of new Set([...before.broken, ...after.broken])) {
    const readable = oldFiles.get(file) ?? newFiles.get(file);
    for (const files of [oldFiles, newFiles]) {
      if (readable) files.set(file, readable);
      else files.delete(file);
    }
  }
  return [oldFiles, newFiles];
}
