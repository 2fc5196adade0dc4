/**
 * Content files as they are at a git commit, read with `git show <ref>:<path>` and
 * `git ls-tree` (never a checkout, so the working tree is left alone).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { SnapshotReader } from './snapshot.ts';

function git(root: string, args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: 'pipe' });
}

/** Fails with a plain message when `ref` is not a commit of this repository. */
function resolveCommit(root: string, ref: string): string {
  try {
    return git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim();
  } catch {
    throw new Error(
      `"${ref}" is not a commit of this repository: give a branch, tag or commit, such as "origin/main" (fetch it first if it is missing)`,
    );
  }
}

export function gitReader(root: string, ref: string): SnapshotReader {
  const commit = resolveCommit(root, ref);
  // Every file under content/ at that commit, with its blob id: "100644 blob <id>\t<path>".
  const blobs = new Map<string, string>();
  for (const line of git(root, ['ls-tree', '-r', '--full-tree', commit, '--', 'content']).split('\n')) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.+)$/.exec(line);
    if (match?.[1] && match[2]) blobs.set(match[2], match[1]);
  }
  return {
    read(file) {
      return blobs.has(file) ? git(root, ['show', `${commit}:${file}`]) : undefined;
    },
    yamlFilesIn(folder) {
      return [...blobs.keys()].filter((file) => path.posix.dirname(file) === folder && file.endsWith('.yaml')).sort();
    },
    photoId(file) {
      return blobs.get(path.posix.normalize(file));
    },
  };
}
