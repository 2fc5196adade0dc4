/** A parsed YAML content file that can say on which line each of its fields is written. */
import { LineCounter, parseDocument, type Document, type ErrorCode } from 'yaml';

/** What the usual YAML mistakes mean, in plain words; YAML's own words follow them. */
const PLAIN_WORDS: Partial<Record<ErrorCode, string>> = {
  BAD_INDENT: 'the lines here do not line up: the fields of one entry start in the same column, with spaces',
  TAB_AS_INDENT: 'this line is indented with a tab: use spaces',
  MULTILINE_IMPLICIT_KEY: 'the lines here do not line up, or a colon is missing after a field name',
  BLOCK_AS_IMPLICIT_KEY: 'the lines here do not line up, or a colon is missing after a field name',
  UNEXPECTED_TOKEN: 'something here is out of place: check the indentation, and that each field has "name: value"',
  MISSING_CHAR: 'a quote or bracket is not closed: text that starts with " must end with "',
  BAD_DQ_ESCAPE: 'a backslash in text within double quotes: write the text without it, or in single quotes',
  DUPLICATE_KEY: 'this field is written twice in the same entry: keep one',
  BAD_SCALAR_START: 'text starting with a special character (such as @, ` or %) must be in double quotes',
};
const GENERIC_WORDS = 'this line is not written as the file expects: check the indentation, colons and quotes';

export type FieldPath = readonly PropertyKey[];

export interface YamlFile {
  /** The content as plain data (undefined when the YAML is not well-formed). */
  data: unknown;
  /** Where the YAML is not well-formed, with the line and plain words. */
  syntaxErrors: { line?: number; message: string }[];
  /** The line of the deepest node that exists along `segments` (the whole document for none). */
  lineOf(segments: FieldPath): number | undefined;
}

export function parseYamlFile(text: string): YamlFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true });
  const syntaxErrors = doc.errors.map((error) => {
    const line = error.linePos?.[0]?.line;
    const summary = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '');
    return {
      ...(line ? { line } : {}),
      message: `${PLAIN_WORDS[error.code] ?? GENERIC_WORDS} (YAML says: ${summary})`,
    };
  });
  return {
    data: syntaxErrors.length > 0 ? undefined : doc.toJS(),
    syntaxErrors,
    lineOf: (segments) => lineOf(doc, lineCounter, segments),
  };
}

function lineOf(doc: Document, lineCounter: LineCounter, segments: FieldPath): number | undefined {
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

/** "bearers › item 4 › phone" for ["bearers", 3, "phone"]. */
export function describeField(segments: FieldPath): string {
  return segments.map((segment) => (typeof segment === 'number' ? `item ${segment + 1}` : String(segment))).join(' › ');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
