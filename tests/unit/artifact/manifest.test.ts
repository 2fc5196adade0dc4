/** An artifact's names and what its manifest says of the server it was made for (src/artifact/manifest.ts). */
import { describe, expect, it } from 'vitest';
import {
  artifactName,
  commitOfArtifact,
  digestLine,
  parseDigestLine,
  platformOf,
  refusalOf,
  type Manifest,
} from '../../../src/artifact/manifest.ts';
import { DEPLOY_PROTOCOL } from '../../../src/server/release/serveRelease.ts';

const COMMIT = '0123456789abcdef0123456789abcdef01234567';
const DIGEST = 'f'.repeat(64);
const SERVER = { siteUrl: 'https://isa.example.org', nodeVersion: 'v24.21.0', platform: 'linux-x64-glibc' };
const MANIFEST: Manifest = {
  protocol: DEPLOY_PROTOCOL,
  commit: COMMIT,
  subject: 'A change',
  builtAt: '2026-11-28T10:00:00.000Z',
  lockHash: 'a'.repeat(64),
  node: 'v24.11.1',
  platform: 'linux-x64-glibc',
  site: 'https://isa.example.org/',
};

describe("an artifact's names", () => {
  it('name its commit, and nothing else is taken for an artifact', () => {
    expect(commitOfArtifact(artifactName(COMMIT))).toBe(COMMIT);
    for (const name of [
      `isa-site-${COMMIT}.tar.gz.sha256`,
      `isa-site-${COMMIT.toUpperCase()}.tar.gz`,
      `isa-site-${COMMIT.slice(1)}.tar.gz`,
      `../isa-site-${COMMIT}.tar.gz`,
      `isa-site-${COMMIT}.tar.gz/x`,
      `other-${COMMIT}.tar.gz`,
    ]) {
      expect(commitOfArtifact(name), name).toBeUndefined();
    }
  });

  it('read a digest line as sha256sum writes it, for that artifact only', () => {
    const artifact = artifactName(COMMIT);
    expect(parseDigestLine(digestLine(DIGEST, artifact), artifact)).toBe(DIGEST);
    expect(parseDigestLine(`${DIGEST} *${artifact}`, artifact)).toBe(DIGEST);
    expect(parseDigestLine(digestLine(DIGEST, artifactName('1'.repeat(40))), artifact)).toBeUndefined();
    expect(parseDigestLine(`${DIGEST.slice(1)}  ${artifact}\n`, artifact)).toBeUndefined();
    expect(parseDigestLine(`${DIGEST}  ${artifact}\n${DIGEST}  other\n`, artifact)).toBeUndefined();
  });

  it('name this machine as a release for it is made', () => {
    expect(platformOf()).toMatch(/^[a-z0-9]+-[a-z0-9]+(?:-(?:glibc|musl))?$/);
  });
});

describe('a release made for another server', () => {
  it('is taken when it fits this one', () => {
    expect(refusalOf(MANIFEST, SERVER)).toBeUndefined();
    expect(refusalOf({ ...MANIFEST, site: 'https://isa.example.org' }, SERVER)).toBeUndefined();
  });

  it.each<[string, Partial<Manifest>, RegExp]>([
    ['another deploy protocol', { protocol: DEPLOY_PROTOCOL + 1 }, /speaks deploy protocol \d+ .* upgrade the deploy/],
    ['another Node major', { node: 'v26.0.0' }, /made for Node v26\.0\.0 and this server runs Node v24\.21\.0/],
    [
      'another platform',
      { platform: 'linux-arm64-glibc' },
      /made for linux-arm64-glibc and this server is linux-x64-glibc/,
    ],
    ['another public address', { site: 'https://isa-tamilnadu.example.org/' }, /built for https:\/\/isa-tamilnadu/],
  ])('is refused: %s', (_case, change, says) => {
    expect(refusalOf({ ...MANIFEST, ...change }, SERVER)).toMatch(says);
  });
});
