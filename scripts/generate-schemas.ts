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

const files = jsonSchemaFiles();
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
  if (files.has(file)) continue;
  rmSync(path.join(folder, name));
  changed += 1;
  console.log(`removed ${file} (no content file uses it)`);
}
// VS Code finds a file's schema here: the forms drop the first line that names it at every save.
const settingsFile = path.join(root, '.vscode/settings.json');
const settings: unknown = JSON.parse(readFileSync(settingsFile, 'utf8'));
const yamlSchemas = Object.fromEntries(
  CONTENT_SOURCES.map((source) => [
    `./${jsonSchemaPath(source)}`,
    source.shape === 'folder' ? `${source.path}/*.yaml` : source.path,
  ]),
);
const settingsText = `${JSON.stringify({ ...(settings as object), 'yaml.schemas': yamlSchemas }, null, 2)}\n`;
if (readFileSync(settingsFile, 'utf8') !== settingsText) {
  writeFileSync(settingsFile, settingsText);
  changed += 1;
  console.log('wrote .vscode/settings.json');
}
console.log(
  changed === 0 ? `The ${files.size} JSON Schemas were already up to date.` : `${files.size} JSON Schemas up to date.`,
);
