/**
 * `npm run check:content`: checks every YAML file under content/ against its schema and that
 * every photo it names exists. Prints each mistake with the file, line, entry and field, and
 * exits with 1 if there is any. Run it before opening a pull request.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSource, problemReport } from '../src/lib/content/checkContent.ts';
import { CONTENT_SOURCES } from '../src/lib/content/contentFiles.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = CONTENT_SOURCES.map((source) => checkSource(root, source));
const problems = results.flatMap((result) => result.problems);
const report = problemReport(problems);

if (report) {
  console.error(report);
  console.error('\nFix the lines above, save, and run "npm run check:content" again.');
  process.exitCode = 1;
} else {
  const entries = results.reduce((sum, result) => sum + result.entries.length, 0);
  const files = new Set(results.flatMap((result) => result.entries.map((entry) => entry.filePath))).size;
  console.log(`Content is correct: ${entries} entries in ${files} files.`);
}
