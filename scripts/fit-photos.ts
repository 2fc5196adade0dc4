/**
 * `npm run photos:fit`: resizes, in place, every photo named by the content files that is too
 * large for the check (over 2 MB or over 3000 pixels a side), such as a photo straight from a
 * phone; see src/lib/content/photoFitting.ts. Prints what it changed. The pull request's workflow
 * (.github/workflows/fit-photos.yml) runs it and commits the result to the branch.
 * `npm run photos:fit -- <folder>` fits the photos of another copy of the project (used by tests).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fitContentPhotos } from '../src/lib/content/photoFitting.ts';

const [folder] = process.argv.slice(2);
const root = folder ? path.resolve(folder) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

const fitted = await fitContentPhotos(root);
for (const { file, before, after } of fitted) {
  console.log(
    `Fitted ${file}: ${before.width} × ${before.height}, ${megabytes(before.bytes)} MB -> ${after.width} × ${after.height}, ${megabytes(after.bytes)} MB`,
  );
}
console.log(fitted.length === 0 ? 'Every photo already fits.' : `${fitted.length} photo(s) fitted.`);
