/**
 * A downloaded artifact made into a release folder, trusting nothing it says until it is checked:
 * its SHA-256 must be the published digest before a byte of it is read as an archive; its manifest
 * (release.json, manifest.ts) must name the commit of its file name and fit this server;
 * then it is unpacked by node-tar (which keeps every path inside the folder) into
 * `<commit>.partial`, with only plain files and folders allowed (no link, device or FIFO), and
 * renamed to `<commit>` when whole. A folder named after a commit is therefore always a whole
 * release; what an interrupted unpack left is removed before the next try.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { extract, list, type ReadEntry } from 'tar';
import { digestOf } from '../lib/fileDigest.ts';
import { jsonWith } from '../lib/jsonWith.ts';
import { StepFailure } from '../server/release/releaseStatus.ts';
import { MANIFEST_FILE, manifestSchema, refusalOf, type Manifest, type ThisServer } from './manifest.ts';

/** The most an artifact may unpack to. */
const MAX_UNPACKED_BYTES = 4 * 1024 ** 3;
/** The most the manifest may be. */
const MAX_MANIFEST_BYTES = 64 * 1024;

/** Removes `dir`, trying again while the writes of an unpack that stopped midway end. */
const removeWhole = (dir: string) => rm(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });

/** An artifact that is not what a release must be (its fault, not this machine's), and the step that found it. */
export class BadArtifact extends StepFailure {
  override name = 'BadArtifact';
  constructor(reason: string, step: 'verify' | 'accept' | 'unpack' = 'unpack') {
    super(step, 'release', reason);
  }
}

/** The manifest inside the (digest-checked) artifact `file`; throws BadArtifact when it has none that fits. */
export async function readManifest(file: string): Promise<Manifest> {
  let text: string | undefined;
  try {
    await list({
      file,
      strict: true,
      filter: (entryPath) => entryPath === MANIFEST_FILE,
      onReadEntry: (entry: ReadEntry) => {
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => {
          if (entry.size <= MAX_MANIFEST_BYTES) text = Buffer.concat(chunks).toString('utf8');
        });
      },
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new BadArtifact(`it is not a readable archive (${why})`, 'accept');
  }
  const manifest = text === undefined ? undefined : jsonWith(manifestSchema, text);
  if (!manifest) throw new BadArtifact(`it has no ${MANIFEST_FILE} that says what it is`, 'accept');
  return manifest;
}

/**
 * The manifest of the downloaded artifact `file` once its SHA-256 is the published digest, it names
 * the published commit and it was made for this server; a BadArtifact, saying why, otherwise.
 */
export async function acceptArtifact(
  file: string,
  published: { commit: string; digest: string },
  server: ThisServer,
): Promise<Manifest> {
  if ((await digestOf(file)) !== published.digest) {
    throw new BadArtifact('its digest is not the published one: the artifact is damaged', 'verify');
  }
  const manifest = await readManifest(file);
  const refused =
    manifest.commit === published.commit
      ? refusalOf(manifest, server)
      : `its manifest names another commit (${manifest.commit.slice(0, 7)})`;
  if (refused) throw new BadArtifact(refused, 'accept');
  return manifest;
}

/** The manifest of the release in folder `dir`, when the folder is a whole release of that commit. */
export function readRelease(dir: string): Manifest | undefined {
  try {
    const manifest = jsonWith(manifestSchema, readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'));
    return manifest?.commit === path.basename(dir) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Unpacks the artifact `file` into the folder `dir` (which must not exist yet). Throws BadArtifact for an
 * entry a release never has, and the file system's own error (ENOSPC: the disk is full) otherwise; in
 * both cases nothing is left behind.
 */
export async function unpack(file: string, dir: string): Promise<void> {
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  let refused: string | undefined;
  let total = 0;
  try {
    mkdirSync(partial, { recursive: true, mode: 0o700 });
    await extract({
      file,
      cwd: partial,
      strict: true,
      preserveOwner: false,
      filter: (entryPath, entry) => {
        const type = 'type' in entry ? entry.type : undefined;
        total += entry.size ?? 0;
        if (type !== 'File' && type !== 'Directory') refused ??= `it holds ${entryPath}, a ${String(type)}`;
        else if (total > MAX_UNPACKED_BYTES) refused ??= 'it unpacks to more than 4 GiB';
        return refused === undefined;
      },
    });
  } catch (error) {
    await removeWhole(partial);
    if ((error as NodeJS.ErrnoException).code?.startsWith('TAR_')) {
      throw new BadArtifact(`it could not be unpacked (${(error as Error).message})`);
    }
    throw error;
  }
  if (refused) {
    await removeWhole(partial);
    throw new BadArtifact(refused);
  }
  if (!existsSync(path.join(partial, MANIFEST_FILE))) {
    await removeWhole(partial);
    throw new BadArtifact(`it unpacked without its ${MANIFEST_FILE}`);
  }
  renameSync(partial, dir);
}
