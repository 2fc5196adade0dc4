/** A parsed YAML content file that can say on which line each of its fields is written. */
import { LineCounter, parseDocument, type Document } from 'yaml';

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
      message: `this is not valid YAML (${summary}); check the indentation, colons and quotes near this line`,
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
