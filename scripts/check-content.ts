/**
 * `npm run check:content`: checks every YAML file under content/ against its schema, the rules
 * about whole lists, the home page's webinar heading against the webinars' years, and the photos it names (that they exist, and are neither far too large nor
 * too small for where they are shown), and warns of a file not written as the forms write it
 * (src/lib/keystatic/formsFormat.ts). Prints each mistake with the file, line, entry and field,
 * then any warnings, and exits with 1 if there is any mistake (warnings alone pass).
 * Inside GitHub Actions (GITHUB_ACTIONS=true) it also prints each one as a workflow command, so
 * that it appears as an annotation on the pull request's line.
 * `npm run check:content -- <folder>` checks another copy of the project instead (used by tests).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkOnDisk, problemReport, warningReport } from '../src/lib/content/checkContent.ts';
import { CONTENT_SOURCES } from '../src/lib/content/contentFiles.ts';
import { diskReader } from '../src/lib/content/contentReader.ts';
import { checkHeadingYear } from '../src/lib/content/headingYear.ts';
import { formsFormatOf, formsFormatProblems } from '../src/lib/keystatic/formsFormat.ts';
import { inGitHubActions, workflowCommand } from './content/githubAnnotations.ts';

const [folder] = process.argv.slice(2);
const root = folder ? path.resolve(folder) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = await Promise.all(CONTENT_SOURCES.map((source) => checkOnDisk(root, source)));
const problems = results.flatMap((result) => result.problems);
// A file written otherwise than the forms write it, for the files with no mistake (those are fixed
// first): a warning here, which never keeps a merged change from going live; the unit test
// tests/unit/keystatic/formsFormat.test.ts fails the pull request's CI on it.
const formats = formsFormatOf(diskReader(root), (file) => existsSync(path.join(root, file)));
const unformatted = formsFormatProblems(formats, new Set(problems.map((problem) => problem.file)));
// Across files: the home page's webinar heading names a year with webinars.
const warnings = [
  ...results.flatMap((result) => result.warnings),
  ...checkHeadingYear(diskReader(root)),
  ...unformatted,
];

if (inGitHubActions()) {
  for (const problem of problems) console.log(workflowCommand('error', problem));
  for (const warning of warnings) console.log(workflowCommand('warning', warning));
}

const warning = warningReport(warnings);
if (warning) console.warn(`${warning}\n`);

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
