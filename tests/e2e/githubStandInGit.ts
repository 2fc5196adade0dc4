/**
 * The repository behind the stand-in GitHub: a real git repository in a temporary folder, made
 * from a copy of the project's files (one commit on `main`), which the API calls read and change
 * with git's own plumbing (trees, blobs, commits, branches), and the pull requests opened on it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface PullRequest {
  number: number;
  branch: string;
  url: string;
}

export interface StandInRepository {
  dir: string;
  defaultBranch: string;
  pullRequests: PullRequest[];
  /** The GraphQL operations answered, by name, in order. */
  operations: string[];
  head(branch: string): string | undefined;
  treeOf(commit: string): string;
  /** Whether `commit` has a file at `file`. */
  hasFile(commit: string, file: string): boolean;
  branches(): string[];
  createBranch(branch: string, oid: string): void;
  deleteBranch(branch: string): void;
  commit(
    branch: string,
    message: string,
    changes: { additions: { path: string; contents: Buffer }[]; deletions: string[] },
  ): string;
  /** `git ls-tree -r -t -l` of a tree, as GitHub's REST API lists it. */
  tree(sha: string): { path: string; mode: string; type: string; sha: string; size?: number }[];
  blob(sha: string): Buffer;
  /** The files of a branch, written out to a new folder (for a script to run on them). */
  checkout(branch: string): string;
  git(...args: string[]): string;
  remove(): void;
}

/** The object name that, with mode 0, removes a path from the index (`git update-index --index-info`). */
const NO_OBJECT = '0'.repeat(40);

/** A repository holding `paths` of the folder `source` on `main`, committed by the maintainer. */
export function standInRepository(source: string, paths: readonly string[]): StandInRepository {
  const dir = mkdtempSync(path.join(tmpdir(), 'github-stand-in-'));
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Maintainer',
    GIT_AUTHOR_EMAIL: 'maintainer@example.org',
    GIT_COMMITTER_NAME: 'Maintainer',
    GIT_COMMITTER_EMAIL: 'maintainer@example.org',
  };
  const run = (args: string[], input?: Buffer | string): Buffer =>
    execFileSync('git', ['-C', dir, ...args], { env, input, maxBuffer: 512 * 1024 * 1024 });
  const git = (...args: string[]) => run(args).toString('utf8').trim();
  const checkouts: string[] = [];

  git('init', '--quiet', '--bare', '--initial-branch=main');
  // The project's files as the first commit, through a temporary index.
  const index = path.join(dir, 'stand-in-index');
  const withIndex = (args: string[]) =>
    execFileSync('git', ['--git-dir', dir, '--work-tree', source, ...args], {
      env: { ...env, GIT_INDEX_FILE: index },
      maxBuffer: 64 * 1024 * 1024,
    })
      .toString('utf8')
      .trim();
  withIndex(['add', '--all', '--', ...paths]);
  const firstTree = withIndex(['write-tree']);
  rmSync(index, { force: true });
  git('update-ref', 'refs/heads/main', git('commit-tree', firstTree, '-m', 'The site'));

  const repository: StandInRepository = {
    dir,
    defaultBranch: 'main',
    pullRequests: [],
    operations: [],
    head(branch) {
      try {
        return git('rev-parse', '--verify', '--quiet', `refs/heads/${branch}`);
      } catch {
        return undefined;
      }
    },
    treeOf: (commit) => git('rev-parse', `${commit}^{tree}`),
    hasFile: (commit, file) => git('ls-tree', '--name-only', commit, '--', file) === file,
    branches: () => git('for-each-ref', '--format=%(refname:short)', 'refs/heads/').split('\n').filter(Boolean),
    createBranch: (branch, oid) => void git('update-ref', `refs/heads/${branch}`, oid),
    deleteBranch: (branch) => void git('update-ref', '-d', `refs/heads/${branch}`),
    commit(branch, message, { additions, deletions }) {
      const parent = repository.head(branch);
      if (!parent) throw new Error(`no branch ${branch}`);
      const changeIndex = path.join(dir, `index-${branch.replace(/\W/g, '-')}`);
      const withChangeIndex = (args: string[], input?: Buffer) =>
        execFileSync('git', ['-C', dir, ...args], { env: { ...env, GIT_INDEX_FILE: changeIndex }, input })
          .toString('utf8')
          .trim();
      withChangeIndex(['read-tree', parent]);
      // As GitHub's createCommitOnBranch: a deletion names a file of the parent commit, deletions
      // come before additions, and both are made in the index alone (the repository is bare:
      // `update-index --force-remove` would need a work tree, and failed with git's own words).
      for (const file of deletions) {
        if (!repository.hasFile(parent, file)) {
          throw new Error(`A path was requested for deletion which does not exist as of commit oid \`${parent}\``);
        }
      }
      withChangeIndex(
        ['update-index', '--index-info'],
        Buffer.from(deletions.map((file) => `0 ${NO_OBJECT}\t${file}\n`).join('')),
      );
      for (const { path: file, contents } of additions) {
        const blob = run(['hash-object', '-w', '--stdin'], contents).toString('utf8').trim();
        withChangeIndex(['update-index', '--add', '--cacheinfo', `100644,${blob},${file}`]);
      }
      const tree = withChangeIndex(['write-tree']);
      rmSync(changeIndex, { force: true });
      const commit = git('commit-tree', tree, '-p', parent, '-m', message);
      git('update-ref', `refs/heads/${branch}`, commit, parent);
      return commit;
    },
    tree: (sha) =>
      git('ls-tree', '-r', '-t', '-l', sha)
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [info = '', file = ''] = line.split('\t');
          const [mode = '', type = '', object = '', size = '-'] = info.split(/\s+/);
          return { path: file, mode, type, sha: object, ...(size === '-' ? {} : { size: Number(size) }) };
        }),
    blob: (sha) => run(['cat-file', 'blob', sha]),
    checkout(branch) {
      const folder = mkdtempSync(path.join(tmpdir(), 'stand-in-checkout-'));
      checkouts.push(folder);
      execFileSync('sh', ['-c', `git -C "${dir}" archive "refs/heads/${branch}" | tar -x -C "${folder}"`]);
      return folder;
    },
    git,
    remove() {
      for (const folder of [dir, ...checkouts]) rmSync(folder, { recursive: true, force: true });
    },
  };
  return repository;
}
