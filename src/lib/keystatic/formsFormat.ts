/**
 * Content files in the format the forms write. At each save Keystatic writes the whole file again
 * from the form (js-yaml's `dump`): its fields in the form's order, empty optional fields left
 * out, its own quoting ('2025-03-14') and line folding, and no comments. A file already written so
 * changes at a save only in the lines the person changed, and a reviewer sees those alone; one
 * written otherwise is rewritten whole (one new webinar once made a 77-line diff).
 * `npm run content:format` writes every file so (scripts/format-content.ts); `npm run check:content`
 * warns of a file that is not, with its first line that differs, and a unit test fails CI on it.
 *
 * The round trip uses each field's own `parse` and `serialize` (Keystatic's API for a field); the
 * walk over objects and lists mirrors Keystatic's own (parseProps and serializeProps in
 * @keystatic/core 0.6), which it does not export: tests/unit/keystatic/formsFormat.test.ts and the
 * content editor's browser tests hold it to what Keystatic writes.
 */
import type { ComponentSchema, FormFieldStoredValue } from '@keystatic/core';
import { dump, load } from 'js-yaml';
import type { ContentReader } from '../content/contentReader.ts';
import type { ContentProblem } from '../content/problems.ts';
import { collections, singletons } from './contentForms.ts';

/** What the format of one file depends on besides its text. */
interface FormsFile {
  /** The file, relative to the project root: "content/branches/salem.yaml". */
  path: string;
  /** The form's fields. */
  schema: Record<string, ComponentSchema>;
  /** A collection's entry: its slug field and its slug (the file's name). */
  slug?: { field: string; value: string };
}

/**
 * A file the forms cannot save as it is: one they cannot read (a field of the wrong kind, an
 * unknown field), or a photo they would drop; `found` is the value concerned, to find its line.
 */
class FormsReadError extends Error {
  override name = 'FormsReadError';
  readonly found: string | undefined;
  constructor(message: string, found?: string) {
    super(message);
    this.found = found;
  }
}

/** Whether a file exists, by its path relative to the project root. */
export type FileExists = (path: string) => boolean;

/** Every content file the forms edit: the singletons' files and the entries of the collections. */
function formsFiles(reader: ContentReader): FormsFile[] {
  const single = Object.values(singletons).map((form) => ({ path: `${form.path ?? ''}.yaml`, schema: form.schema }));
  const entries = Object.values(collections).flatMap((form) =>
    reader.yamlFilesIn((form.path ?? '').replace(/\/\*$/, '')).map((file) => ({
      path: file,
      schema: form.schema,
      slug: { field: form.slugField, value: file.replace(/^.*\/|\.yaml$/g, '') },
    })),
  );
  return [...single, ...entries];
}

type FormSchema = Extract<ComponentSchema, { kind: 'form' }>;
type Walk = { file: FormsFile; exists: FileExists };

/** A photo's data as Keystatic reads it: present when the file is where the form keeps its photos. */
const PRESENT = new Uint8Array(0);

/** Whether the field at `at` is the entry's own slug field (Keystatic's text fields are slug fields too). */
const isOwnSlug = (at: readonly string[], walk: Walk) => at.length === 1 && at[0] === walk.file.slug?.field;

function parseField(field: FormSchema, value: unknown, at: readonly string[], walk: Walk): unknown {
  // As Keystatic passes what js-yaml read: plain data (null already made undefined).
  const stored = value as FormFieldStoredValue;
  const slug = walk.file.slug?.value;
  if (field.formKind === 'slug') return field.parse(stored, slug && isOwnSlug(at, walk) ? { slug } : undefined);
  if (field.formKind === 'asset') {
    const name = field.filename(stored, { suggestedFilenamePrefix: undefined, slug });
    const folder = `${field.directory ?? ''}${slug ? `/${slug}` : ''}`;
    // The form looks for a photo in its folder alone, and drops one it does not find there at a save:
    // never written so here (content:format would lose the photo), but named.
    if (typeof stored === 'string' && stored !== '' && !(name && walk.exists(`${folder}/${name}`))) {
      throw new FormsReadError(
        `${at.join(' › ')}: the forms keep their photos in ${folder}/ and would leave out "${stored}" at their next save: put the photo in that folder and name it from there`,
        stored,
      );
    }
    return field.parse(stored, { asset: name ? PRESENT : undefined, slug });
  }
  if (field.formKind === undefined) return field.parse(stored);
  throw new FormsReadError(`${at.join(' › ')}: a ${field.formKind} field, which the content forms do not use`);
}

function parseValue(schema: ComponentSchema, raw: unknown, at: readonly string[], walk: Walk): unknown {
  const value = raw === null ? undefined : raw;
  if (schema.kind === 'form') {
    try {
      return parseField(schema, value, at, walk);
    } catch (error) {
      if (error instanceof FormsReadError) throw error;
      throw new FormsReadError(`${at.join(' › ')}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (schema.kind === 'object') {
    const record = value ?? {};
    if (typeof record !== 'object' || Array.isArray(record) || record instanceof Date) {
      throw new FormsReadError(`${at.join(' › ') || 'the file'}: expected fields ("name: value")`);
    }
    const unknown = Object.keys(record).filter((key) => !(key in schema.fields));
    if (unknown.length > 0)
      throw new FormsReadError(`${[...at, unknown[0]].join(' › ')}: a field the form does not have`);
    const fields = Object.entries(schema.fields);
    return Object.fromEntries(
      fields.map(([key, field]) => [key, parseValue(field, Reflect.get(record, key), [...at, key], walk)]),
    );
  }
  if (schema.kind === 'array') {
    const items = value ?? [];
    if (!Array.isArray(items)) throw new FormsReadError(`${at.join(' › ')}: expected a list`);
    return items.map((item: unknown, index) => parseValue(schema.element, item, [...at, String(index)], walk));
  }
  throw new FormsReadError(`${at.join(' › ')}: a ${schema.kind} field, which the content forms do not use`);
}

function serializeValue(schema: ComponentSchema, value: unknown, at: readonly string[], walk: Walk): unknown {
  const slug = walk.file.slug;
  if (schema.kind === 'form') {
    if (schema.formKind === 'slug' && isOwnSlug(at, walk)) return schema.serializeWithSlug(value).value;
    if (schema.formKind === 'asset') {
      // The content forms' photo fields keep a photo's own name (photoField in formFields.ts).
      return schema.serialize(value, { suggestedFilenamePrefix: undefined, slug: slug?.value }).value;
    }
    if (schema.formKind === 'slug' || schema.formKind === undefined) return schema.serialize(value).value;
    throw new FormsReadError(`${at.join(' › ')}: a ${schema.formKind} field, which the content forms do not use`);
  }
  if (schema.kind === 'object') {
    const record = value as Record<string, unknown>;
    const fields = Object.entries(schema.fields).map(
      ([key, field]) => [key, serializeValue(field, record[key], [...at, key], walk)] as const,
    );
    return Object.fromEntries(fields.filter(([, fieldValue]) => fieldValue !== undefined));
  }
  if (schema.kind === 'array') {
    return (value as unknown[]).map(
      (item, index) => serializeValue(schema.element, item, [...at, String(index)], walk) ?? null,
    );
  }
  throw new FormsReadError(`${at.join(' › ')}: a ${schema.kind} field, which the content forms do not use`);
}

/** The text the forms write for `file` whose text is `text` now (FormsReadError when they cannot read it). */
function formsText(text: string, file: FormsFile, exists: FileExists): string {
  const walk = { file, exists };
  const root: ComponentSchema = { kind: 'object', fields: file.schema };
  let loaded: unknown;
  try {
    loaded = load(text);
  } catch (error) {
    throw new FormsReadError(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
  }
  return dump(serializeValue(root, parseValue(root, loaded, [], walk), [], walk));
}

/** A content file as it is and as the forms would write it (or why they cannot read it). */
export interface FormsFormat {
  file: string;
  text: string;
  /** What the forms write; undefined when they cannot read the file (`error`). */
  expected?: string;
  error?: FormsReadError;
}

/** Every content file the forms edit, as it is under `reader` and as they would write it. */
export function formsFormatOf(reader: ContentReader, exists: FileExists): FormsFormat[] {
  return formsFiles(reader).flatMap((file): FormsFormat[] => {
    const text = reader.read(file.path);
    if (text === undefined) return [];
    try {
      return [{ file: file.path, text, expected: formsText(text, file, exists) }];
    } catch (error) {
      if (!(error instanceof FormsReadError)) throw error;
      return [{ file: file.path, text, error }];
    }
  });
}

const shown = (line: string) => (line.trim() === '' ? 'an empty line' : `“${line.trim()}”`);

/**
 * A mistake for each file not in the forms' format (its first line that differs, and the fix) or
 * that they cannot save as it is, but those with other mistakes (`checked`): the schema check
 * says first, in its own words, what the forms cannot read.
 */
export function formsFormatProblems(formats: readonly FormsFormat[], checked: ReadonlySet<string>): ContentProblem[] {
  return formats.flatMap(({ file, text, expected, error }): ContentProblem[] => {
    if (checked.has(file)) return [];
    const lines = text.split('\n');
    if (error) {
      const line =
        error.found === undefined ? -1 : lines.findIndex((candidate) => candidate.includes(error.found ?? ''));
      return [{ file, ...(line >= 0 ? { line: line + 1 } : {}), message: error.message }];
    }
    if (expected === undefined || expected === text) return [];
    const wanted = expected.split('\n');
    const index = wanted.findIndex((line, at) => lines[at] !== line);
    const at = index === -1 ? wanted.length - 1 : index;
    return [
      {
        file,
        line: at + 1,
        message: `written otherwise than the forms write it, so their next save would change this line too: it reads ${shown(lines[at] ?? '')} where the forms write ${shown(wanted[at] ?? '')}; run "npm run content:format", or save the file once through the forms`,
      },
    ];
  });
}
