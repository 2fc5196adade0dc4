/**
 * `npm run schemas`: writes the JSON Schemas of content/.schemas/ from the zod schemas of
 * src/lib/content/schemas.ts (see src/lib/content/jsonSchemas.ts). Run it after changing a
 * schema; a unit test fails while the files are out of date. Removes schema files no source uses.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSON_SCHEMA_FOLDER } from '../src/lib/content/contentFiles.ts';
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
console.log(
  changed === 0 ? `The ${files.size} JSON Schemas were already up to date.` : `${files.size} JSON Schemas up to date.`,
);
