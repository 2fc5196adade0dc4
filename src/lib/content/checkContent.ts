/**
 * Reads and checks the content files, producing messages an office assistant can act on:
 * the file, the line, the entry, the field and what was expected.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import type { ContentSource } from './contentFiles.ts';
import { createSchemas, type ImageField } from './schemas.ts';

export interface ContentProblem {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  line?: number;
  /** "webinar 3 (id 12, “Airway basics”)" */
  entry?: string;
  /** "bearers › item 4 › phone" */
  field?: string;
  message: string;
}

export interface CheckedEntry {
  id: string;
  data: Record<string, unknown>;
  /** The YAML file the entry comes from, relative to the project root. */
  filePath: string;
}

export interface CheckResult {
  entries: CheckedEntry[];
  problems: ContentProblem[];
}

const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|avif|gif|svg)$/i;

/** An image field for checking outside Astro: a path relative to the YAML file that must exist. */
export function existingImage(fileDir: string): ImageField {
  return () =>
    z
      .string({ error: 'expected the path of a photo, for example "./photos/president.jpg"' })
      .superRefine((value, ctx) => {
        if (!value.startsWith('./') && !value.startsWith('../')) {
          ctx.addIssue({
            code: 'custom',
            message: `expected a photo path starting with "./" or "../" (relative to this file), found "${value}"`,
          });
          return;
        }
        if (!IMAGE_EXTENSIONS.test(value)) {
          ctx.addIssue({
            code: 'custom',
            message: `expected a .jpg, .png, .webp, .avif, .gif or .svg photo, found "${value}"`,
          });
          return;
        }
        if (!existsSync(path.resolve(fileDir, value))) {
          ctx.addIssue({
            code: 'custom',
            message: `the photo "${value}" does not exist; check the spelling and that the file was added`,
          });
        }
      });
}

export function formatProblem(problem: ContentProblem): string {
  const where = [problem.file, problem.line ? `line ${problem.line}` : undefined, problem.entry]
    .filter(Boolean)
    .join(', ');
  const field = problem.field ? `"${problem.field}": ` : '';
  return `${where}: ${field}${problem.message}`;
}

function filesOf(root: string, source: ContentSource): string[] {
  if (source.shape !== 'folder') return [source.path];
  const folder = path.join(root, source.path);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => `${source.path}/${name}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeField(segments: readonly PropertyKey[]): string {
  return segments.map((segment) => (typeof segment === 'number' ? `item ${segment + 1}` : String(segment))).join(' › ');
}

/** The line of the deepest node that exists along `segments`. */
function lineOf(doc: Document, lineCounter: LineCounter, segments: readonly PropertyKey[]): number | undefined {
  for (let length = segments.length; length >= 0; length--) {
    const keys = segments.slice(0, length).map((segment) => (typeof segment === 'symbol' ? String(segment) : segment));
    const node = length === 0 ? doc.contents : doc.getIn(keys, true);
    if (node && typeof node === 'object' && 'range' in node && Array.isArray(node.range)) {
      const offset: unknown = node.range[0];
      if (typeof offset === 'number') return lineCounter.linePos(offset).line;
    }
  }
  return undefined;
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
  return issue.message + found(issue.input);
}

function entryLabel(source: ContentSource, data: unknown, index: number | undefined, fileId: string): string {
  const record = isRecord(data) ? data : {};
  const details = source.labelFields
    .map((field) => record[field])
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .slice(0, 1)
    .map((value) => `“${String(value)}”`);
  if (source.shape === 'folder') return `${source.entryName} file "${fileId}"`;
  if (index === undefined) return '';
  const idField = 'idField' in source ? source.idField : undefined;
  const id = idField && record[idField] !== undefined ? `id ${String(record[idField])}` : undefined;
  const extra = [id, ...details].filter(Boolean).join(', ');
  return `${source.entryName} ${index + 1}${extra ? ` (${extra})` : ''}`;
}

/** Reads one content source and checks every entry against its schema. */
export function checkSource(
  root: string,
  source: ContentSource,
  imageField: (fileDir: string) => ImageField = existingImage,
): CheckResult {
  const entries: CheckedEntry[] = [];
  const problems: ContentProblem[] = [];
  const files = filesOf(root, source);

  if (files.length === 0) {
    problems.push({
      file: source.path,
      message:
        source.shape === 'folder' ? 'this folder has no .yaml files; at least one is expected' : 'this file is missing',
    });
  }

  for (const file of files) {
    const absolute = path.join(root, file);
    if (!existsSync(absolute)) {
      problems.push({ file, message: 'this file is missing' });
      continue;
    }
    const lineCounter = new LineCounter();
    const doc = parseDocument(readFileSync(absolute, 'utf8'), { lineCounter, prettyErrors: true });
    if (doc.errors.length > 0) {
      for (const error of doc.errors) {
        const line = error.linePos?.[0]?.line;
        problems.push({
          file,
          ...(line ? { line } : {}),
          message: `this is not valid YAML (${error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}); check the indentation, colons and quotes near this line`,
        });
      }
      continue;
    }

    const schema = createSchemas(imageField(path.dirname(absolute)))[source.schema];
    const fileId = path.basename(file, '.yaml');
    const data: unknown = doc.toJS();
    const items: { id: string; data: unknown; index?: number }[] = [];

    if (source.shape === 'list') {
      if (!Array.isArray(data)) {
        problems.push({ file, message: 'expected a list of entries, each starting with "- "' });
        continue;
      }
      const seen = new Map<string, number>();
      data.forEach((item, index) => {
        const idField = 'idField' in source ? source.idField : undefined;
        const rawId: unknown = idField && isRecord(item) ? item[idField] : undefined;
        const id = rawId === undefined ? String(index + 1) : String(rawId);
        const earlier = seen.get(id);
        if (idField && rawId !== undefined && earlier !== undefined) {
          problems.push({
            file,
            line: lineOf(doc, lineCounter, [index, idField]),
            entry: entryLabel(source, item, index, fileId),
            field: idField,
            message: `the ${idField} ${id} is already used by ${source.entryName} ${earlier + 1}; every ${source.entryName} needs its own ${idField}`,
          });
          return;
        }
        seen.set(id, index);
        items.push({ id, data: item, index });
      });
    } else {
      if (!isRecord(data)) {
        problems.push({ file, message: 'expected fields written as "name: value", not a list or plain text' });
        continue;
      }
      items.push({ id: fileId, data });
    }

    const listProblem =
      source.shape === 'list'
        ? source.listRule?.(items.map((item) => (isRecord(item.data) ? item.data : {})))
        : undefined;
    if (listProblem) problems.push({ file, message: listProblem });

    for (const item of items) {
      const result = schema.safeParse(item.data, { reportInput: true });
      if (result.success) {
        entries.push({ id: item.id, data: isRecord(item.data) ? item.data : {}, filePath: file });
        continue;
      }
      const prefix = item.index === undefined ? [] : [item.index];
      for (const issue of result.error.issues) {
        const line = lineOf(doc, lineCounter, [...prefix, ...issue.path]);
        const entry = entryLabel(source, item.data, item.index, fileId);
        problems.push({
          file,
          ...(line ? { line } : {}),
          ...(entry ? { entry } : {}),
          ...(issue.path.length > 0 ? { field: describeField(issue.path) } : {}),
          message: issueMessage(issue),
        });
      }
    }
  }
  return { entries, problems };
}

/** Turns a list of problems into one error message, or nothing if there are none. */
export function problemReport(problems: readonly ContentProblem[]): string | undefined {
  if (problems.length === 0) return undefined;
  const heading =
    problems.length === 1
      ? 'There is a mistake in the site content:'
      : `There are ${problems.length} mistakes in the site content:`;
  return [heading, ...problems.map((problem) => `  - ${formatProblem(problem)}`)].join('\n');
}
