/**
 * Reads and checks the content files, producing messages an office assistant can act on:
 * the file, the line, the entry, the field and what was expected. The build (yamlLoader.ts) and
 * `npm run check:content` both call checkOnDisk(), so every rule has one implementation.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { jsonSchemaPath, listEntries, schemaModeline, type ContentSource } from './contentFiles.ts';
import { diskReader, type ContentReader } from './contentReader.ts';
import { IMAGE_EXTENSIONS } from '../imageTypes.ts';
import { PHOTO_PATH_MESSAGE } from './fields.ts';
import {
  exactCount,
  officesInOrder,
  uniqueValues,
  type ListFinding,
  type ListItem,
  type ListRule,
} from './listRules.ts';
import { judgePhoto, readPhotoFacts, type PhotoFacts } from './photoChecks.ts';
import { photosOf } from './photoSlots.ts';
import type { ContentProblem } from './problems.ts';
import { createSchemas, type ImageField } from './schemas.ts';
import { describeField, isRecord, parseYamlFile, type YamlFile } from './yamlDocument.ts';

export { formatProblem, problemReport, warningReport } from './problems.ts';

interface CheckedEntry {
  id: string;
  data: Record<string, unknown>;
  /** The YAML file the entry comes from, relative to the project root. */
  filePath: string;
}

export interface CheckResult {
  entries: CheckedEntry[];
  /** Mistakes: they fail the check and the build. */
  problems: ContentProblem[];
  /** Worth a look, but the site is built anyway. */
  warnings: ContentProblem[];
}

export interface CheckOptions {
  reader: ContentReader;
  /** The schema of a photo field in a YAML file of the folder `fileDir` (relative to the project root). */
  image: (fileDir: string) => ImageField;
  /** Where the photos are, to check their size and shape; without it photos are not opened. */
  photoRoot?: string;
  /** Warn about a file whose first line names the wrong JSON Schema (editor help). */
  modelines?: boolean;
}

const PHOTO_EXTENSION = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');

/** An image field for checking outside Astro: a path relative to the YAML file that must exist. */
export function existingImage(root: string): (fileDir: string) => ImageField {
  return (fileDir) => () =>
    z.string({ error: PHOTO_PATH_MESSAGE }).superRefine((value, ctx) => {
      if (!value.startsWith('./') && !value.startsWith('../')) {
        ctx.addIssue({
          code: 'custom',
          message: `expected a photo path starting with "./" or "../" (relative to this file), found "${value}"`,
        });
      } else if (!PHOTO_EXTENSION.test(value)) {
        ctx.addIssue({
          code: 'custom',
          message: `expected a .jpg, .png, .webp, .avif, .gif or .svg photo, found "${value}"`,
        });
      } else if (!existsSync(path.resolve(root, fileDir, value))) {
        ctx.addIssue({
          code: 'custom',
          message: `the photo "${value}" does not exist; check the spelling and that the file was added`,
        });
      }
    });
}

/** Checks a source as it is on disk under `root`: schemas, list rules, photos and first lines. */
export function checkOnDisk(root: string, source: ContentSource): Promise<CheckResult> {
  return checkSource(source, {
    reader: diskReader(root),
    image: existingImage(root),
    photoRoot: root,
    modelines: true,
  });
}

function found(input: unknown): string {
  if (typeof input === 'string')
    return input.length > 60 ? ` (found "${input.slice(0, 57)}...")` : ` (found "${input}")`;
  if (typeof input === 'number' || typeof input === 'boolean') return ` (found ${String(input)})`;
  return '';
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return `this field is required: ${issue.message}`;
  }
  if (issue.code === 'unrecognized_keys') {
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}; check the spelling`;
  }
  // Messages that already quote the value need no "(found ...)".
  const quotesInput = typeof issue.input === 'string' && issue.message.includes(`"${issue.input}"`);
  return quotesInput ? issue.message : issue.message + found(issue.input);
}

function entryLabel(source: ContentSource, data: unknown, index: number | undefined, fileId: string): string {
  const record = isRecord(data) ? data : {};
  const details = (source.labelFields ?? [])
    .map((field) => record[field])
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .slice(0, 1)
    .map((value) => `“${String(value)}”`);
  if (source.shape === 'folder') return `${source.entryName} file "${fileId}"`;
  if (index === undefined) return '';
  return `${source.entryName} ${index + 1}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
}

function listRulesOf(source: ContentSource): ListRule[] {
  return [
    ...(source.unique ? [uniqueValues({ ...source.unique, entryName: source.entryName })] : []),
    ...(source.entries
      ? [exactCount({ count: source.entries.exactly, reason: source.entries.reason, entriesName: source.entriesName })]
      : []),
    ...(source.order
      ? [officesInOrder({ field: source.order.field, offices: source.order.values, entryName: source.entryName })]
      : []),
    ...(source.rules ?? []),
  ];
}

interface Item {
  id: string;
  data: unknown;
  index?: number;
  label: string;
}

/** Reads one content source and checks every entry against its schema and rules. */
export async function checkSource(source: ContentSource, options: CheckOptions): Promise<CheckResult> {
  const result: CheckResult = { entries: [], problems: [], warnings: [] };
  const files = source.shape === 'folder' ? options.reader.yamlFilesIn(source.path) : [source.path];
  if (files.length === 0) {
    result.problems.push({ file: source.path, message: 'this folder has no .yaml files; at least one is expected' });
  }
  const photoFacts = new Map<string, Promise<PhotoFacts>>();
  for (const file of files) await checkFile(source, file, options, result, photoFacts);
  return result;
}

async function checkFile(
  source: ContentSource,
  file: string,
  options: CheckOptions,
  result: CheckResult,
  photoFacts: Map<string, Promise<PhotoFacts>>,
): Promise<void> {
  const text = options.reader.read(file);
  if (text === undefined) {
    result.problems.push({ file, message: 'this file is missing' });
    return;
  }
  if (options.modelines) checkModeline(source, file, text, result);
  const yaml = parseYamlFile(text);
  if (yaml.syntaxErrors.length > 0) {
    result.problems.push(...yaml.syntaxErrors.map((error) => ({ file, ...error })));
    return;
  }
  const fileDir = path.posix.dirname(file);
  const schema = createSchemas(options.image(fileDir))[source.schema];
  const fileId = path.posix.basename(file, '.yaml');
  const items: Item[] = [];

  if (source.shape === 'list') {
    const list = listEntries(source, yaml.data);
    if (!list) {
      result.problems.push({
        file,
        message: `expected "${source.listKey ?? ''}:" at the top of the file, then the ${source.entriesName}, each starting with "- "`,
      });
      return;
    }
    const others = isRecord(yaml.data) ? Object.keys(yaml.data).filter((key) => key !== source.listKey) : [];
    for (const key of others) {
      const line = yaml.lineOf([key]);
      result.problems.push({
        file,
        ...(line ? { line } : {}),
        field: key,
        message: `unknown field "${key}"; the file holds only "${source.listKey ?? ''}:"`,
      });
    }
    // An entry of a list is known by its place in the file: nobody has to invent an id for it.
    list.forEach((data: unknown, index) => {
      items.push({ id: String(index + 1), data, index, label: entryLabel(source, data, index, fileId) });
    });
    const listItems = items.map((item): ListItem => listItem(source, item, yaml));
    for (const rule of listRulesOf(source)) {
      result.problems.push(...rule(listItems).map((finding) => findingProblem(file, finding)));
    }
  } else {
    if (!isRecord(yaml.data)) {
      result.problems.push({ file, message: 'expected fields written as "name: value", not a list or plain text' });
      return;
    }
    items.push({ id: fileId, data: yaml.data, label: entryLabel(source, yaml.data, undefined, fileId) });
  }

  const stored = new Set<string>();
  for (const item of items) {
    const prefix = item.index === undefined ? [] : [...listPrefix(source), item.index];
    const located = (segments: readonly PropertyKey[]) => {
      const line = yaml.lineOf([...prefix, ...segments]);
      return {
        file,
        ...(line ? { line } : {}),
        ...(item.label ? { entry: item.label } : {}),
        ...(segments.length > 0 ? { field: describeField(segments) } : {}),
      };
    };
    const parsed = schema.safeParse(item.data, { reportInput: true });
    if (parsed.success && !stored.has(item.id)) {
      stored.add(item.id);
      result.entries.push({ id: item.id, data: isRecord(item.data) ? item.data : {}, filePath: file });
    }
    for (const issue of parsed.error?.issues ?? []) {
      result.problems.push({ ...located(issue.path), message: issueMessage(issue) });
    }
    if (options.photoRoot) await checkPhotos(source, item, options.photoRoot, fileDir, located, result, photoFacts);
  }
}

/** Where a list file's entries are: under their key ("webinars" › item 3). */
function listPrefix(source: ContentSource): string[] {
  return source.listKey ? [source.listKey] : [];
}

function listItem(source: ContentSource, item: Item, yaml: YamlFile): ListItem {
  const index = item.index ?? 0;
  const at = [...listPrefix(source), index];
  return {
    index,
    data: isRecord(item.data) ? item.data : {},
    label: item.label,
    line: (field) => yaml.lineOf(field === undefined ? at : [...at, field]),
  };
}

function findingProblem(file: string, finding: ListFinding): ContentProblem {
  const line = finding.item ? finding.item.line(finding.field) : finding.line;
  return {
    file,
    ...(line ? { line } : {}),
    ...(finding.item ? { entry: finding.item.label } : {}),
    ...(finding.field ? { field: finding.field } : {}),
    message: finding.message,
  };
}

async function checkPhotos(
  source: ContentSource,
  item: Item,
  photoRoot: string,
  fileDir: string,
  located: (segments: readonly PropertyKey[]) => Omit<ContentProblem, 'message'>,
  result: CheckResult,
  photoFacts: Map<string, Promise<PhotoFacts>>,
): Promise<void> {
  for (const { field, segments, value } of photosOf(source.schema, item.data)) {
    if (!PHOTO_EXTENSION.test(value)) continue;
    const absolute = path.resolve(photoRoot, fileDir, value);
    if (!existsSync(absolute)) continue; // the schema reports it
    const facts = photoFacts.get(absolute) ?? readPhotoFacts(absolute);
    photoFacts.set(absolute, facts);
    for (const verdict of judgePhoto(value, await facts, field)) {
      const problem = { ...located(segments), message: verdict.message };
      (verdict.severity === 'error' ? result.problems : result.warnings).push(problem);
    }
  }
}

/**
 * A first line naming a JSON Schema must name the right one. A file without it is fine: the forms
 * drop comments when they save, and .vscode/settings.json maps every content file to its schema.
 */
function checkModeline(source: ContentSource, file: string, text: string, result: CheckResult): void {
  const expected = schemaModeline(source, file);
  const first = text.split('\n', 1)[0]?.trim() ?? '';
  if (!first.startsWith('# yaml-language-server:') || first === expected) return;
  result.warnings.push({
    file,
    line: 1,
    message: `the first line should be "${expected}" or be left out: it names the JSON Schema that VS Code and github.dev check the file with (${jsonSchemaPath(source)})`,
  });
}
