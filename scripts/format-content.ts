/**
 * `npm run content:format`: writes every content file the forms edit as they write it
 * (src/lib/keystatic/formsFormat.ts), so that a save through the forms changes only the lines the
 * person changed. Prints each file it rewrote. `npm run content:format -- <folder>` formats another
 * copy of the project (used by tests).
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diskReader } from '../src/lib/content/contentReader.ts';
import { formsFormatOf } from '../src/lib/keystatic/formsFormat.ts';

const [folder] = process.argv.slice(2);
const root = folder ? path.resolve(folder) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let rewritten = 0;
for (const { file, text, expected, error } of formsFormatOf(diskReader(root), (file) =>
  existsSync(path.join(root, file)),
)) {
  // Left as it is (and not a failure: the pull request's workflow goes on to commit fitted photos);
  // the content check names what to fix.
  if (error !== undefined) {
    console.error(`${file}: left as it is (${error.message}); "npm run check:content" says what to fix.`);
  } else if (expected !== undefined && expected !== text) {
    writeFileSync(path.join(root, file), expected);
    console.log(`Rewrote ${file} as the forms write it.`);
    rewritten += 1;
  }
}
console.log(
  rewritten === 0 ? 'Every content file is written as the forms write it.' : `${rewritten} file(s) rewritten.`,
);
