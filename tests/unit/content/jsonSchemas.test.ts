/**
 * The JSON Schemas that editors use (content/.schemas/, made by `npm run schemas` from the zod
 * schemas): they are up to date, every content file and .vscode/settings.json names its schema,
 * and the YAML language server of VS Code and github.dev, given them, accepts the real content and
 * underlines typical mistakes with the check's plain words while a file is being typed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it } from 'vitest';
import { getLanguageService } from 'yaml-language-server';
import { z } from 'zod';
import { existingImage } from '../../../src/lib/content/checkContent.ts';
import {
  CONTENT_SOURCES,
  JSON_SCHEMA_FOLDER,
  jsonSchemaPath,
  schemaModeline,
} from '../../../src/lib/content/contentFiles.ts';
import { diskReader } from '../../../src/lib/content/contentReader.ts';
import { dottedDate, PHOTO_PATH_HELP, phone, webinarDate, webUrl, withHelp } from '../../../src/lib/content/fields.ts';
import { jsonSchemaFiles, SCHEMAS_COMMAND } from '../../../src/lib/content/jsonSchemas.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** The line (from 1) of the first line of `file` that holds `text`. */
const lineOf = (file: string, text: string) =>
  readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text)) + 1;
const reader = diskReader(root);
const contentFiles = CONTENT_SOURCES.flatMap((source) =>
  (source.shape === 'folder' ? reader.yamlFilesIn(source.path) : [source.path]).map((file) => ({ source, file })),
);

describe('the committed JSON Schemas', () => {
  it.each([...jsonSchemaFiles()])('%s is up to date with the zod schemas', (file, text) => {
    const absolute = path.join(root, file);
    const committed = existsSync(absolute) ? readFileSync(absolute, 'utf8') : undefined;
    expect(committed === text, `${file} is out of date: run "${SCHEMAS_COMMAND}" and commit the result`).toBe(true);
  });

  it('are all in use', () => {
    const used = new Set(jsonSchemaFiles().keys());
    const stale = readdirSync(path.join(root, JSON_SCHEMA_FOLDER))
      .map((name) => `${JSON_SCHEMA_FOLDER}/${name}`)
      .filter((file) => !used.has(file));
    expect(stale, `no content file uses these: run "${SCHEMAS_COMMAND}" to remove them`).toEqual([]);
  });

  it.each(contentFiles.map(({ source, file }) => [file, schemaModeline(source, file)]))(
    '%s names its schema on its first line, or no schema (a save through the forms drops comments)',
    (file, modeline) => {
      const first = readFileSync(path.join(root, file), 'utf8').split('\n', 1)[0] ?? '';
      expect(first.startsWith('# yaml-language-server:') ? first : modeline).toBe(modeline);
    },
  );

  it('are named for VS Code in .vscode/settings.json, with the YAML extension recommended', () => {
    const settings: unknown = JSON.parse(readFileSync(path.join(root, '.vscode/settings.json'), 'utf8'));
    const expected = Object.fromEntries(
      CONTENT_SOURCES.map((source) => [
        `./${jsonSchemaPath(source)}`,
        source.shape === 'folder' ? `${source.path}/*.yaml` : source.path,
      ]),
    );
    expect(settings).toMatchObject({ 'yaml.schemas': expected });
    const extensions: unknown = JSON.parse(readFileSync(path.join(root, '.vscode/extensions.json'), 'utf8'));
    expect(extensions).toMatchObject({ recommendations: expect.arrayContaining(['redhat.vscode-yaml']) });
  });
});

describe('the YAML language server with these schemas', () => {
  const service = getLanguageService({
    schemaRequestService: async (uri) => readFileSync(fileURLToPath(uri), 'utf8'),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  });
  // As VS Code and github.dev find them: by the content files' paths (.vscode/settings.json), since
  // a save through the forms drops a first line naming the schema.
  const schemas = CONTENT_SOURCES.map((source) => ({
    uri: pathToFileURL(path.join(root, jsonSchemaPath(source))).href,
    fileMatch: [pathToFileURL(path.join(root, source.shape === 'folder' ? `${source.path}/*.yaml` : source.path)).href],
  }));
  service.configure({ validate: true, completion: true, hover: true, yamlVersion: '1.2', schemas });

  /**
   * The document as an editor holds it: the real file's address (so its first line finds the
   * schema) with any text, and a new version each time (the server caches by address and version).
   */
  let version = 0;
  const documentOf = (file: string, text = readFileSync(path.join(root, file), 'utf8')) =>
    TextDocument.create(pathToFileURL(path.join(root, file)).href, 'yaml', ++version, text);

  const underlined = async (file: string, edit: (text: string) => string) => {
    const diagnostics = await service.doValidation(
      documentOf(file, edit(readFileSync(path.join(root, file), 'utf8'))),
      false,
    );
    return diagnostics.map((diagnostic) => ({ line: diagnostic.range.start.line + 1, message: diagnostic.message }));
  };

  it.each(contentFiles.map(({ file }) => file))('underlines nothing in %s as it is', async (file) => {
    expect(await service.doValidation(documentOf(file), false)).toEqual([]);
  });

  it.each([
    [
      'a date written the wrong way',
      'content/webinars.yaml',
      (text: string) => text.replace('date: 2025-03-14', 'date: 14 - March - 2025'),
      {
        line: lineOf('content/webinars.yaml', 'date: 2025-03-14'),
        message: expect.stringContaining('expected a real date written year-month-day'),
      },
    ],
    [
      'a phone with a letter O for a zero',
      'content/state-bearers.yaml',
      (text: string) => text.replace('+91 00000 10101', '+91 0000O 10101'),
      {
        line: lineOf('content/state-bearers.yaml', '+91 00000 10101'),
        message: expect.stringContaining('expected a phone number of 8 to 15 digits'),
      },
    ],
    [
      'an office that is not one of the six',
      'content/state-bearers.yaml',
      (text: string) => text.replace('title: Hon. Treasurer', 'title: Treasurer'),
      {
        line: lineOf('content/state-bearers.yaml', 'title: Hon. Treasurer'),
        message: expect.stringContaining('Entry 4 must be the Hon. Treasurer: the page shows them in this order'),
      },
    ],
    [
      'two offices swapped',
      'content/state-bearers.yaml',
      (text: string) =>
        text
          .replace('title: Hon. Secretary', 'title: SWAP')
          .replace('title: Hon. Treasurer', 'title: Hon. Secretary')
          .replace('title: SWAP', 'title: Hon. Treasurer'),
      {
        line: lineOf('content/state-bearers.yaml', 'title: Hon. Secretary'),
        message: expect.stringContaining('Entry 3 must be the Hon. Secretary'),
      },
    ],
    [
      'a misspelt field',
      'content/branches/salem.yaml',
      (text: string) => text.replace('    phone: +91 00000 10227', '    phnoe: +91 00000 10227'),
      {
        line: lineOf('content/branches/salem.yaml', 'phone: +91 00000 10227'),
        message: 'Property phnoe is not allowed.',
      },
    ],
    [
      'a photo path without "./"',
      'content/home.yaml',
      (text: string) => text.replace('image: ./photos/banner/slide-1.jpg', 'image: photos/banner/slide-1.jpg'),
      {
        line: lineOf('content/home.yaml', 'image: ./photos/banner/slide-1.jpg'),
        message: expect.stringContaining('expected the path of a .jpg'),
      },
    ],
    [
      'a seventh state bearer',
      'content/state-bearers.yaml',
      (text: string) =>
        `${text}  - image: ./photos/bearers/state/president.jpg\n    name: Dr. Extra\n    title: President\n    phone1: +91 00000 10199\n    email1: extra@example.org\n`,
      {
        line: lineOf('content/state-bearers.yaml', '  - image: '),
        message: 'Array has too many items. Expected 6 or fewer.',
      },
    ],
  ])('underlines %s on its line, in the words of the check', async (_case, file, edit, expected) => {
    expect(await underlined(file, edit)).toContainEqual(expected);
  });

  it('completes the field names of a branch bearer and explains them on hover', async () => {
    // The Secretary of Salem has no "email" yet: an empty line in that entry is where it could go.
    const text = readFileSync(path.join(root, 'content/branches/salem.yaml'), 'utf8').replace(
      '    position: Secretary\n',
      '    position: Secretary\n    \n',
    );
    const document = documentOf('content/branches/salem.yaml', text);
    const line = text.split('\n').findIndex((candidate) => candidate === '    ');
    const completion = await service.doComplete(document, { line, character: 4 }, false);
    expect(completion.items.map((item) => item.label)).toContain('email');
    const imageLine = text.split('\n').findIndex((candidate) => candidate.includes('image: '));
    const hover = await service.doHover(document, { line: imageLine, character: 6 });
    expect(JSON.stringify(hover?.contents)).toContain(PHOTO_PATH_HELP.description.slice(0, 30));
  });
});

describe('the patterns that stand in for refinements in the JSON Schemas', () => {
  const photo = existingImage(root)('content')();
  const pattern = (schema: z.ZodType) => {
    const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-07' });
    if (typeof json.pattern !== 'string') throw new Error('no pattern');
    return new RegExp(json.pattern, 'u');
  };

  it.each([
    [
      'phone',
      phone,
      ['+91 00000 10001', '0422 2570170', '9876543210', '+44-20-7946-0000'],
      ['12345', '+91 0000O 10001', 'call 9876543210', '1234567890123456', '+ 91 00000'],
    ],
    [
      'webinar date',
      webinarDate,
      ['2025-03-14', '2024-05-01', '2024-02-29'],
      ['14 - March - 2025', '2025-3-14', '14.03.2025', '2025-13-01', '2025-00-10', '2025-03-32'],
    ],
    ['conclave date', dottedDate, ['2020-12-18', '2021-01-01'], ['18.12.2020', '2020/12/18', '20-12-18', '2020-12-32']],
    [
      'web address',
      webUrl,
      ['https://www.example.org/page', 'http://example.org'],
      ['www.example.org', 'ftp://example.org/file'],
    ],
    [
      'photo path',
      photo,
      ['./photos/banner/slide-1.jpg', '../photos/bearers/placeholder-male.jpg', './photos/logos/a.PNG'],
      ['photos/a.jpg', './photos/a.pdf', '/photos/a.jpg'],
    ],
  ])('%s: the pattern accepts and refuses what the check does', (_name, schema, accepted, refused) => {
    const regex = pattern(schema === photo ? withHelp(z.string(), PHOTO_PATH_HELP) : schema);
    for (const value of accepted) {
      expect(regex.test(value), `pattern on "${value}"`).toBe(true);
      if (schema !== photo) expect(schema.safeParse(value).success, `check on "${value}"`).toBe(true);
    }
    for (const value of refused) {
      expect(regex.test(value), `pattern on "${value}"`).toBe(false);
      expect(schema.safeParse(value).success, `check on "${value}"`).toBe(false);
    }
  });

  it('cannot know the length of a month, which only the check does', () => {
    expect(pattern(webinarDate).test('2025-04-31')).toBe(true);
    expect(webinarDate.safeParse('2025-04-31').success).toBe(false);
    expect(pattern(dottedDate).test('2023-02-29')).toBe(true);
    expect(dottedDate.safeParse('2023-02-29').success).toBe(false);
  });
});
