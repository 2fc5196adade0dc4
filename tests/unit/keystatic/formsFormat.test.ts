/**
 * The content files are written as the forms write them (src/lib/keystatic/formsFormat.ts), so that
 * a save through the forms changes only the lines the person changed; a file written otherwise is
 * named with its first line that differs.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskReader, type ContentReader } from '../../../src/lib/content/contentReader.ts';
import { formsFormatOf, formsFormatProblems } from '../../../src/lib/keystatic/formsFormat.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const onDisk = diskReader(root);
const exists = (file: string) => existsSync(path.join(root, file));

/** The repository's content, with `file` replaced by `text`. */
function withFile(file: string, text: string): ContentReader {
  return { read: (name) => (name === file ? text : onDisk.read(name)), yamlFilesIn: onDisk.yamlFilesIn };
}
const formatOf = (reader: ContentReader, file: string) =>
  formsFormatOf(reader, exists).find((each) => each.file === file);
const problemsOf = (reader: ContentReader, checked = new Set<string>()) =>
  formsFormatProblems(formsFormatOf(reader, exists), checked);

describe('the content files', () => {
  it('are each written as the forms write them (run "npm run content:format" when this fails)', () => {
    const formats = formsFormatOf(onDisk, exists);
    expect(formats.length).toBeGreaterThanOrEqual(28);
    expect(formats.filter((format) => format.error !== undefined)).toEqual([]);
    expect(formats.filter((format) => format.expected !== format.text).map((format) => format.file)).toEqual([]);
  });
});

describe('a file written otherwise', () => {
  const webinars = onDisk.read('content/webinars.yaml') ?? '';

  it.each([
    ['a date in quotes', 'content/webinars.yaml', /date: (\d{4}-\d\d-\d\d)/, 'date: "$1"', 'date: "'],
    ['a comment', 'content/webinars.yaml', /^/, '# Every webinar, newest first.\n', '# Every webinar'],
    [
      'fields in another order',
      'content/webinars.yaml',
      /( {4}host: .*\n)( {4}shortTitle: .*\n)/,
      '$2$1',
      'shortTitle:',
    ],
    [
      'an empty optional field',
      'content/branches/salem.yaml',
      /( {4}phone: .*10228\n)/,
      "$1    email2: ''\n",
      "email2: ''",
    ],
    ['a phone in quotes', 'content/state-bearers.yaml', /phone1: (\+[\d ]+)/, 'phone1: "$1"', 'phone1: "'],
  ])('is named with its first line that differs: %s', (_, file, pattern, replacement, found) => {
    const text = (onDisk.read(file) ?? '').replace(pattern, replacement);
    const [problem] = problemsOf(withFile(file, text));
    expect(problem?.file).toBe(file);
    const line = text.split('\n')[(problem?.line ?? 0) - 1] ?? '';
    expect(line).toContain(found);
    expect(problem?.message).toContain(`it reads “${line.trim()}”`);
    expect(problem?.message).toContain('run "npm run content:format"');
  });

  it('names a photo kept outside the form’s folder, which a save through the form would leave out', () => {
    const file = 'content/branches/salem.yaml';
    const text = (onDisk.read(file) ?? '').replace(
      'image: ../photos/bearers/branches/salem/placeholder-female.jpg',
      'image: ../photos/bearers/placeholder-female.jpg',
    );
    // Not written as the form would: content:format must not lose the photo.
    expect(formatOf(withFile(file, text), file)?.expected).toBeUndefined();
    const [problem] = problemsOf(withFile(file, text));
    expect(text.split('\n')[(problem?.line ?? 0) - 1]).toContain('image: ../photos/bearers/placeholder-female.jpg');
    expect(problem?.message).toContain('the forms keep their photos in content/photos/bearers/branches/salem/');
  });

  it('leaves a file with other mistakes to the schema check, which says first what is wrong', () => {
    const text = webinars.replace('    showOnHome: false\n', '    showOnHome: false\n    colour: red\n');
    const reader = withFile('content/webinars.yaml', text);
    expect(formatOf(reader, 'content/webinars.yaml')?.error?.message).toMatch(/colour/);
    expect(problemsOf(reader, new Set(['content/webinars.yaml']))).toEqual([]);
    expect(problemsOf(reader)).toHaveLength(1);
  });
});
