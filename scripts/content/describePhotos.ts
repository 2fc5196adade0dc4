/**
 * The photos a change adds or replaces, for the reviewer to look at: every photo the content files
 * name on the new side whose file is new or holds other bytes than on the base side, with a link
 * to the file on the pull request's branch when the summary is written in GitHub Actions.
 */
import path from 'node:path';
import { CONTENT_SOURCES } from '../../src/lib/content/contentFiles.ts';
import { photosOf } from '../../src/lib/content/photoSlots.ts';
import type { PageChanges } from './markdown.ts';
import type { RawSnapshot } from './snapshot.ts';

/** Every photo named by a snapshot's files, by its path from the project root, with its fingerprint. */
function namedPhotos(snapshot: RawSnapshot): Map<string, string | undefined> {
  const photos = new Map<string, string | undefined>();
  for (const [file, { collection, entries }] of snapshot.files) {
    const source = CONTENT_SOURCES.find((candidate) => candidate.collection === collection);
    if (!source) continue;
    for (const { value } of entries.flatMap((entry) => photosOf(source.schema, entry))) {
      const photo = path.posix.normalize(path.posix.join(path.posix.dirname(file), value));
      photos.set(photo, snapshot.photoId(file, value));
    }
  }
  return photos;
}

/** Where a reviewer sees a file of the branch: GitHub's page of it, or none outside GitHub Actions. */
export function fileLink(file: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_HEAD_REF: branch } = env;
  if (!server || !repository || !branch) return undefined;
  const encoded = file.split('/').map(encodeURIComponent).join('/');
  return `${server}/${repository}/blob/${branch.split('/').map(encodeURIComponent).join('/')}/${encoded}`;
}

export function photoChanges(
  before: RawSnapshot,
  after: RawSnapshot,
  env: NodeJS.ProcessEnv = process.env,
): PageChanges {
  const old = namedPhotos(before);
  const changes = [...namedPhotos(after)]
    .filter(([photo, id]) => id !== undefined && old.get(photo) !== id)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([photo]) => {
      const link = fileLink(photo, env);
      const name = `\`${photo.replaceAll('`', '')}\``;
      const shown = link ? `[${name}](${link})` : name;
      return `${shown} ${old.has(photo) ? 'replaced' : 'added'}`;
    });
  return { page: 'Photos added or replaced (look at each)', changes };
}
