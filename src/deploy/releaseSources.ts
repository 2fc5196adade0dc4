/**
 * Where the deploy finds published releases (DEPLOY_RELEASES): a folder, where the newest is the
 * artifact whose `.sha256` was written last (scripts/release.ts writes it after the artifact), or a
 * GitHub repository's latest release (.github/workflows/release.yml publishes each commit of main as
 * one). Both give the newest release's commit and digest, and copy its artifact to a file of the
 * deploy's. Nothing is taken on trust here: the names must be an artifact's, the digest is checked
 * after the download (src/artifact/archive.ts), and a network that fails is said as a NetworkError,
 * which the deploy retries and never counts as a failed release.
 */
import { copyFile, readdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { messageOf } from '../server/backup/backupError.ts';
import { downloadTo, isMachineError, NetworkError } from './download.ts';
import { artifactName, commitOfArtifact, digestName, parseDigestLine } from '../artifact/manifest.ts';

export interface Published {
  commit: string;
  /** The expected SHA-256 of the artifact, from its `.sha256`. */
  digest: string;
  /** What the publisher calls it (a GitHub release's title), until the manifest says. */
  title: string;
}

export interface ReleaseSource {
  /** Where, for the log and the status. */
  readonly where: string;
  /** The newest published release, or undefined when there is none yet. */
  latest(signal: AbortSignal): Promise<Published | undefined>;
  /** Copies its artifact to `file`, which appears only once whole. */
  download(release: Published, file: string, signal: AbortSignal): Promise<void>;
}

/** The largest `.sha256` file read: one line. */
const MAX_DIGEST_BYTES = 1024;

export function folderSource(dir: string): ReleaseSource {
  return {
    where: `the folder ${dir}`,
    async latest() {
      const names = await readdir(dir).catch((error: unknown) => {
        throw new NetworkError(`cannot read ${dir}: ${messageOf(error)}`);
      });
      const complete = await Promise.all(
        names
          .filter((name) => name.endsWith('.sha256') && commitOfArtifact(name.slice(0, -'.sha256'.length)))
          .map(async (name) => ({ name, time: (await stat(path.join(dir, name))).mtimeMs })),
      );
      const newest = complete.sort((a, b) => b.time - a.time || b.name.localeCompare(a.name))[0];
      if (!newest) return undefined;
      const artifact = newest.name.slice(0, -'.sha256'.length);
      const commit = commitOfArtifact(artifact) ?? '';
      const text = (await readFile(path.join(dir, newest.name))).subarray(0, MAX_DIGEST_BYTES).toString('utf8');
      const digest = parseDigestLine(text, artifact);
      // A digest file that says nothing usable makes the release one that cannot be checked: refused later.
      return { commit, digest: digest ?? 'unreadable', title: '' };
    },
    async download(release, file) {
      const part = `${file}.part`;
      try {
        await copyFile(path.join(dir, artifactName(release.commit)), part);
      } catch (error) {
        if (isMachineError(error)) throw error;
        throw new NetworkError(`cannot copy it from ${dir}: ${messageOf(error)}`);
      }
      await rename(part, file);
    },
  };
}

/** GitHub's answer for a release: the fields the deploy reads (docs.github.com, REST, "Get the latest release"). */
const releaseSchema = z.object({
  name: z.string().nullish(),
  assets: z.array(z.object({ id: z.number(), name: z.string(), size: z.number(), digest: z.string().nullish() })),
});
type GitHubAsset = z.output<typeof releaseSchema>['assets'][number];

/** `repository` (owner/name) on GitHub's API at `apiUrl`, read with `token` (settings.ts). */
export function githubSource(github: { repository: string; apiUrl: string; token: string | undefined }): ReleaseSource {
  const { repository, apiUrl, token } = github;
  const headers: Record<string, string> = {
    'User-Agent': 'isa-site-deploy',
    'X-GitHub-Api-Version': '2022-11-28',
    ...(token && { Authorization: `Bearer ${token}` }),
  };
  const api = `${apiUrl.replace(/\/$/, '')}/repos/${repository}`;
  /** The last answer of /releases/latest: asked again with its ETag, a 304 costs no rate limit. */
  let known: { etag: string; found: (Published & { asset: GitHubAsset }) | undefined } | undefined;

  /** The digest an artifact's `.sha256` asset gives (one line, never more than a few bytes). */
  async function readDigest(asset: GitHubAsset, artifact: string, signal: AbortSignal): Promise<string> {
    if (asset.size > MAX_DIGEST_BYTES) return 'unreadable';
    const response = await fetch(`${api}/releases/assets/${asset.id}`, {
      headers: { ...headers, Accept: 'application/octet-stream' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]),
    }).catch((error: unknown) => {
      throw new NetworkError(`GitHub did not send the digest: ${String(error)}`);
    });
    if (!response.ok) throw new NetworkError(`GitHub answered ${response.status} for the digest`);
    return parseDigestLine(await response.text(), artifact) ?? 'unreadable';
  }

  return {
    where: `GitHub's releases of ${repository}`,
    async latest(signal) {
      let response: Response;
      try {
        response = await fetch(`${api}/releases/latest`, {
          headers: { ...headers, Accept: 'application/vnd.github+json', ...(known && { 'If-None-Match': known.etag }) },
          signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]),
        });
      } catch (error) {
        throw new NetworkError(`GitHub did not answer: ${messageOf(error)}`);
      }
      if (response.status === 304 && known) return known.found;
      if (response.status === 404) {
        throw new NetworkError(
          `GitHub has no release of ${repository}: none is published yet, or DEPLOY_TOKEN cannot read the repository`,
        );
      }
      if (!response.ok) throw new NetworkError(`GitHub answered ${response.status} for the latest release`);
      const release = releaseSchema.safeParse(await response.json().catch(() => undefined)).data;
      const asset = release?.assets.find((each) => commitOfArtifact(each.name));
      const digestAsset = asset && release?.assets.find((each) => each.name === digestName(asset.name));
      let found: (Published & { asset: GitHubAsset }) | undefined;
      if (release && asset && digestAsset) {
        const digest = await readDigest(digestAsset, asset.name, signal);
        // GitHub's own record of the asset's digest, where it has one, must say the same.
        const github = asset.digest?.replace(/^sha256:/, '');
        found = {
          commit: commitOfArtifact(asset.name) ?? '',
          digest: github && github !== digest ? 'disagreeing' : digest,
          title: release.name ?? '',
          asset,
        };
      }
      const etag = response.headers.get('etag');
      known = etag ? { etag, found } : undefined;
      return found;
    },
    async download(release, file, signal) {
      const asset = known?.found?.commit === release.commit ? known.found.asset : undefined;
      if (!asset) throw new NetworkError('the release is no longer the latest one on GitHub');
      await downloadTo(`${api}/releases/assets/${asset.id}`, headers, { file, size: asset.size }, signal);
    },
  };
}
