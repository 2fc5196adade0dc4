/**
 * JSON Schemas for editors, made from the same zod schemas that check the content (zod 4's
 * z.toJSONSchema), one per content file or folder, written to content/.schemas/ by
 * `npm run schemas`. The YAML extension of VS Code and github.dev reads them (named on the first
 * line of each file and in .vscode/settings.json) to complete field names, show each field's
 * description on hover and underline mistakes while typing.
 *
 * JSON Schema cannot express everything the check knows. Approximated here:
 * - photo fields (Astro's image() in the build, a file check in `npm run check:content`) become
 *   a path with a photo extension; whether the file exists, its size and shape are not known;
 * - refinements (phone digits, real dates, the privacy notice's "{retention}") are not converted by
 *   zod: the fields carry a `pattern` approximating them (fields.ts), which cannot know, say, that
 *   April has 30 days; the privacy rule is not in the schema at all;
 * - transforms (trimming, an empty e-mail read as none) are described by what may be typed (io: 'input').
 * Only `npm run check:content` (and the build) check: a video address per webinar, exactly four
 * "showOnHome: true", that photos exist and fit their slots, and text that is only spaces. Counts of
 * entries (six bearers, five milestones) and the order of the six state offices are in the schemas.
 */
import { z } from 'zod';
import { CONTENT_SOURCES, jsonSchemaPath, type ContentSource } from './contentFiles.ts';
import { PHOTO_PATH_HELP, withHelp } from './fields.ts';
import { createSchemas } from './schemas.ts';

/** The command that remakes the files; named in the staleness test's message. */
export const SCHEMAS_COMMAND = 'npm run schemas';

/** A photo field as editors see it: a relative path with a photo extension. */
const editorPhoto = () => withHelp(z.string(), PHOTO_PATH_HELP);

/** JavaScript's safe-integer bounds that zod adds to every .int(): noise in an editor's hover. */
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/**
 * A list whose entries hold given values of a field in a given order (the six state offices): one
 * schema per position, each with its value, so an editor underlines an office out of place.
 */
function orderedList(entry: z.ZodType, { field, values }: NonNullable<ContentSource['order']>): z.ZodType | undefined {
  if (!(entry instanceof z.ZodObject)) return undefined;
  const order = values.join(', ');
  const [first, ...others] = values.map((value, index) =>
    entry.extend({
      [field]: z.literal(value).meta({
        description: `Entry ${index + 1} is the ${value}; the order is ${order}`,
        // The YAML extension shows this instead of its own "Value must be ...".
        errorMessage: `Entry ${index + 1} must be the ${value}: the page shows them in this order: ${order}`,
      }),
    }),
  );
  return first ? z.tuple([first, ...others]) : undefined;
}

function fileSchema(source: ContentSource): z.ZodType {
  const entry = createSchemas(editorPhoto)[source.schema];
  if (source.shape !== 'list') return entry;
  const ordered = source.order && orderedList(entry, source.order);
  const plain = z.array(entry);
  const list = ordered ?? (source.entries ? plain.length(source.entries.exactly) : plain);
  return z.strictObject({ [source.listKey ?? 'entries']: list });
}

function describe(source: ContentSource): string {
  const where = source.shape === 'folder' ? `each file of ${source.path}/` : source.path;
  const count = source.entries ? ` Exactly ${source.entries.exactly}: ${source.entries.reason}.` : '';
  return `${where}: see content/README.md.${count}`;
}

/** The JSON Schema of one content source, as a plain object. */
export function jsonSchemaOf(source: ContentSource): Record<string, unknown> {
  const generated = z.toJSONSchema(fileSchema(source), {
    target: 'draft-07', // the YAML extension supports JSON Schema 7 and below
    io: 'input', // what staff type, before trimming and defaults
    unrepresentable: 'throw', // a new field type JSON Schema cannot express must be dealt with here
    override: ({ jsonSchema }) => {
      if (jsonSchema.maximum === SAFE_INTEGER) delete jsonSchema.maximum;
      if (jsonSchema.minimum === -SAFE_INTEGER) delete jsonSchema.minimum;
    },
  });
  const { $schema, ...rest } = generated;
  return {
    $schema,
    $comment: `Made by "${SCHEMAS_COMMAND}" from src/lib/content/schemas.ts; do not edit by hand.`,
    title: source.path,
    description: describe(source),
    ...rest,
  };
}

/** Every JSON Schema file, by path relative to the project root, with its text. */
export function jsonSchemaFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const source of CONTENT_SOURCES) {
    files.set(jsonSchemaPath(source), `${JSON.stringify(jsonSchemaOf(source), null, 2)}\n`);
  }
  return files;
}
