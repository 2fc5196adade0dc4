/**
 * `npm run release -- --out DIR`: the release of the commit checked out here, made once, where the
 * code is reviewed (CI, .github/workflows/release.yml), so that the server only receives finished
 * releases (`npm run deploy`, src/deploy/). It runs the checks that gate a release (the content
 * check, the build, with SITE_URL and the content editor's public values from the environment), then
 * writes into DIR:
 *   isa-site-<commit>.tar.gz         release.json (the manifest, src/artifact/manifest.ts), the built
 *                                    site (dist/), the server's code (src/, scripts/, package.json)
 *                                    and its production dependencies, installed for this platform
 *   isa-site-<commit>.tar.gz.sha256  its SHA-256, written last: an artifact is whole once this is there
 * A working tree that differs from its commit is refused: a release is one commit's, as reviewed.
 * Prints the time of each step; exit code 1 and the reason when a check fails.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { create } from 'tar';
import { digestOf } from '../src/lib/fileDigest.ts';
import {
  artifactName,
  digestLine,
  digestName,
  MANIFEST_FILE,
  platformOf,
  type Manifest,
} from '../src/artifact/manifest.ts';
import { BUILD_INFO_FILE, parseBuildInfo } from '../src/lib/siteUrl.ts';
import { DEPLOY_PROTOCOL } from '../src/server/release/serveRelease.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * What the dependencies hold that no release ever runs, left out of the artifact: type declarations,
 * TypeScript sources (Node refuses to run a .ts file under node_modules) and source maps (the server does not
 * read them). They were a third of the dependencies' bytes and half their files: each release the server
 * downloads and unpacks is that much smaller and quicker.
 */
const NEVER_RUN = /\.(?:[mc]?tsx?|map)$/;

/** What a release's server runs from, besides its build and its dependencies. */
const SERVER_FILES = ['package.json', 'package-lock.json', 'patches', 'src', 'scripts'];

function fail(message: string): never {
  console.error(`No release: ${message}`);
  process.exit(1);
}

function run(what: string, command: string, args: string[], options: SpawnSyncOptions = {}): void {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) fail(`${what} failed (${command} ${args.join(' ')}).`);
  console.info(`[release] ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const git = (...args: string[]) => {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) fail(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout;
};

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) fail('say where it goes: npm run release -- --out DIR');
const out = path.resolve(values.out);

const commit = git('rev-parse', 'HEAD').trim();
const subject = git('log', '-1', '--format=%s', commit).trim();
if (git('status', '--porcelain', '--untracked-files=no').trim() !== '') {
  fail(`the working tree differs from ${commit.slice(0, 7)}: commit or undo the changes first.`);
}

// The checks that gate a release, then the build (into dist/, where its prerendering finds the
// dependencies), copied into the release's own folder.
const staging = mkdtempSync(path.join(tmpdir(), 'isa-release-'));
process.once('exit', () => rmSync(staging, { recursive: true, force: true }));
{
  run('The content check', 'npm', ['run', '-s', 'check:content']);
  run('The build', 'npm', ['run', '-s', 'build']);
  cpSync(path.join(root, 'dist'), path.join(staging, 'dist'), { recursive: true });
  const built = parseBuildInfo(readFileSync(path.join(staging, 'dist', BUILD_INFO_FILE), 'utf8'));

  // The server's code as committed, and its production dependencies installed for this platform (no script run).
  const tracked = git('ls-files', '-z', '--', ...SERVER_FILES)
    .split('\0')
    .filter(Boolean);
  for (const file of tracked) cpSync(path.join(root, file), path.join(staging, file), { preserveTimestamps: true });
  const install = { cwd: staging, env: { ...process.env, npm_config_update_notifier: 'false' } };
  run('Production dependencies', 'npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], install);
  if (readdirSync(path.join(staging, 'patches')).some((name) => name.endsWith('.patch'))) {
    run('Patches', process.execPath, [path.join(root, 'node_modules/patch-package/index.js')], install);
  }
  // Command links are not part of a release (an artifact holds only files and folders), nor is what never runs.
  for (const entry of readdirSync(path.join(staging, 'node_modules'), { recursive: true, withFileTypes: true })) {
    if ((entry.name === '.bin' && entry.isDirectory()) || (NEVER_RUN.test(entry.name) && entry.isFile()))
      rmSync(path.join(entry.parentPath, entry.name), { recursive: true, force: true });
  }

  const manifest: Manifest = {
    protocol: DEPLOY_PROTOCOL,
    commit,
    subject,
    builtAt: new Date().toISOString(),
    lockHash: await digestOf(path.join(staging, 'package-lock.json')),
    node: process.version,
    platform: platformOf(),
    site: built.site ?? fail(`the build did not say its address (${BUILD_INFO_FILE})`),
  };
  writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

  // The artifact, then its digest last, each written under another name and renamed when whole.
  mkdirSync(out, { recursive: true });
  const artifact = artifactName(commit);
  const started = Date.now();
  await create(
    {
      file: path.join(out, `${artifact}.tmp`),
      cwd: staging,
      gzip: true,
      portable: true,
      filter: (entry, stat) =>
        ('isFile' in stat && (stat.isFile() || stat.isDirectory())) || fail(`${entry} is neither a file nor a folder`),
    },
    [MANIFEST_FILE, ...SERVER_FILES.filter((name) => name !== 'patches'), 'dist', 'node_modules'],
  );
  renameSync(path.join(out, `${artifact}.tmp`), path.join(out, artifact));
  const digest = await digestOf(path.join(out, artifact));
  writeFileSync(path.join(out, `${digestName(artifact)}.tmp`), digestLine(digest, artifact));
  renameSync(path.join(out, `${digestName(artifact)}.tmp`), path.join(out, digestName(artifact)));
  console.info(`[release] The artifact: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.info(`[release] ${commit.slice(0, 7)} "${subject}" for ${manifest.site}: ${path.join(out, artifact)}`);
}
