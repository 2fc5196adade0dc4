/**
 * What `npm run content:diff` compares the working tree with: the merge base of the branch with
 * `main` by default, or with the ref it is given (so a branch that moved on since is compared with
 * where it started, not with today's main). When that is the current commit itself (`-- HEAD`
 * after committing), there would be nothing to compare: the commit's parent is used instead, so
 * the summary shows that commit's change.
 */
import { execFileSync } from 'node:child_process';

function git(root: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return undefined;
  }
}

/** The branches tried, in order, when no ref is given. */
const DEFAULT_REFS = ['origin/main', 'main'];

export interface DiffBase {
  /** The commit compared with. */
  commit: string;
  /** How the summary names it: "the merge base of main (1a2b3c4)". */
  label: string;
}

export function diffBase(root: string, ref?: string): DiffBase {
  const head = git(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  const refs = ref ? [ref] : DEFAULT_REFS;
  for (const candidate of refs) {
    const commit = git(root, ['rev-parse', '--verify', '--quiet', `${candidate}^{commit}`]);
    if (!commit) continue;
    const base = head ? (git(root, ['merge-base', commit, head]) ?? commit) : commit;
    if (base === head) {
      const parent = git(root, ['rev-parse', '--verify', '--quiet', `${base}^1`]);
      if (parent) return { commit: parent, label: `the commit before ${candidate} (${parent.slice(0, 7)})` };
    }
    const label = base === commit ? candidate : `the merge base of ${candidate} (${base.slice(0, 7)})`;
    return { commit: base, label };
  }
  throw new Error(
    ref
      ? `"${ref}" is not a commit of this repository: give a branch, tag or commit, such as "origin/main" (fetch it first if it is missing)`
      : 'neither origin/main nor main is a branch here: name the base, for example "npm run content:diff -- origin/main"',
  );
}
