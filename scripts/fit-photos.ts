/**
 * `npm run photos:fit`: fits, in place, every photo named by the content files that is not yet
 * fitted (turned by an EXIF tag, with camera metadata, larger than its slots need or over 2 MB),
 * such as a photo straight from a phone; see src/lib/content/photoFitting.ts. Prints what it changed. The pull request's workflow
 * (.github/workflows/fit-photos.yml) runs it and commits the result to the branch.
 * `npm run photos:fit -- <folder>` fits the photos of another copy of the project (used by tests).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fitContentPhotos, fittedLine } from '../src/lib/content/photoFitting.ts';

const [folder] = process.argv.slice(2);
const root = folder ? path.resolve(folder) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const fitted = await fitContentPhotos(root);
for (const photo of fitted) console.log(fittedLine(photo));
console.log(fitted.length === 0 ? 'Every photo already fits.' : `${fitted.length} photo(s) fitted.`);
