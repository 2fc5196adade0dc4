/**
 * `npm run content:diff [-- <git ref>]`: what visitors will see change between the content at the
 * base (the merge base with main, or with the ref given; see scripts/content/diffBase.ts; read with git,
 * never checked out) and the working tree, page by page, as Markdown. The workflow writes it to
 * the pull request's job summary for the reviewer.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentSummary } from './content/contentSummary.ts';
import { diffBase } from './content/diffBase.ts';
import { gitReader } from './content/gitReader.ts';
import { folderReader, readSnapshot } from './content/snapshot.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [base] = process.argv.slice(2);

if (base?.startsWith('-')) {
  console.error('Usage: npm run content:diff [-- <git ref>]   (for example: npm run content:diff -- origin/main)');
  process.exitCode = 2;
} else {
  try {
    const { commit, label } = diffBase(root, base);
    const before = readSnapshot(gitReader(root, commit));
    const after = readSnapshot(folderReader(root));
    process.stdout.write(contentSummary(before, after, label));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
