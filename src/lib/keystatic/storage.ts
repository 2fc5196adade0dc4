/**
 * Where the content editor saves. With a GitHub repository named at build time
 * (PUBLIC_KEYSTATIC_GITHUB_REPO, "owner/name"), every save is a commit on a branch of that
 * repository and the office opens a pull request from the editor; without it, the editor writes
 * the files of this working copy (`local`: development and the tests only; a production server
 * never serves the editor in that mode, see src/lib/keystatic/access.ts).
 */
import type { GitHubConfig, LocalConfig } from '@keystatic/core';

/** "owner/name", as GitHub spells a repository. */
const GITHUB_REPO = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/;

/** Branches made by the editor start with this, so that reviewers see where a change comes from. */
const BRANCH_PREFIX = 'content/';

export function contentStorage(repo: string | undefined): GitHubConfig['storage'] | LocalConfig['storage'] {
  if (repo === undefined || repo === '') return { kind: 'local' };
  if (!GITHUB_REPO.test(repo)) {
    throw new Error('PUBLIC_KEYSTATIC_GITHUB_REPO must name a GitHub repository as owner/name');
  }
  const [owner = '', name = ''] = repo.split('/');
  return { kind: 'github', repo: { owner, name }, branchPrefix: BRANCH_PREFIX };
}
