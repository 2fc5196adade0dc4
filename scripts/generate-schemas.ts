/**
 * `npm run schemas`: writes the JSON Schemas of content/.schemas/ from the zod schemas of
 * src/lib/content/schemas.ts (see src/lib/content/jsonSchemas.ts), and names each for VS Code in
 * .vscode/settings.json. Run it after changing a schema or the list of content files; a unit test
 * fails while the files are out of date. Removes schema files no source uses.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_SOURCES, JSON_SCHEMA_FOLDER, jsonSchemaPath } from '../src/lib/content/contentFiles.ts';
import { jsonSchemaFiles } from '../src/lib/content/jsonSchemas.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join(root, JSON_SCHEMA_FOLDER);
mkdirSync(folder, { recursive: true });

const schemas = jsonSchemaFiles();
// VS Code finds a file's schema by .vscode/settings.json too: the forms drop the first line naming it.
const settingsFile = '.vscode/settings.json';
const settings: object = JSON.parse(readFileSync(path.join(root, settingsFile), 'utf8'));
const yamlSchemas = Object.fromEntries(
  CONTENT_SOURCES.map((source) => [
    `./${jsonSchemaPath(source)}`,
    source.shape === 'folder' ? `${source.path}/*.yaml` : source.path,
  ]),
);
const files = new Map([
  ...schemas,
  [settingsFile, `${JSON.stringify({ ...settings, 'yaml.schemas': yamlSchemas }, null, 2)}\n`],
]);
let changed = 0;
for (const [file, text] of files) {
  const absolute = path.join(root, file);
  if (existsSync(absolute) && readFileSync(absolute, 'utf8') === text) continue;
  writeFileSync(absolute, text);
  changed += 1;
  console.log(`wrote ${file}`);
}
for (const name of readdirSync(folder)) {
  const file = `${JSON_SCHEMA_FOLDER}/${name}`;
  if (schemas.has(file)) continue;
  rmSync(path.join(folder, name));
  changed += 1;
  console.log(`removed ${file} (no content file uses it)`);
}
console.log(
  changed === 0
    ? `The ${schemas.size} JSON Schemas were already up to date.`
    : `${schemas.size} JSON Schemas up to date.`,
);
