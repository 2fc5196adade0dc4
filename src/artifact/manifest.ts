/**
 * A release artifact and what it says of itself. `npm run release` (scripts/release.ts) writes one
 * commit's artifact, `isa-site-<commit>.tar.gz`, with release.json first inside it (this manifest),
 * then `isa-site-<commit>.tar.gz.sha256` last, so that a published artifact is whole once its digest is
 * there. The deploy reads the manifest from an artifact whose digest matched, and refuses one made for
 * another server before unpacking it: another deploy protocol (the messages of serveRelease.ts),
 * another Node major (a release runs on the deploy's own Node), another platform (sharp's binaries),
 * or another public address (every canonical link and the sitemap name it).
 */
import { z } from 'zod';
import { DEPLOY_PROTOCOL } from '../server/release/serveRelease.ts';

export const MANIFEST_FILE = 'release.json';
const ARTIFACT = /^isa-site-([0-9a-f]{40})\.tar\.gz$/;

export const artifactName = (commit: string) => `isa-site-${commit}.tar.gz`;
export const digestName = (artifact: string) => `${artifact}.sha256`;

/** The commit an artifact's file name names, or undefined for any other name. */
export function commitOfArtifact(name: string): string | undefined {
  return ARTIFACT.exec(name)?.[1];
}

/** `sha256sum`'s line for `artifact`. */
export const digestLine = (digest: string, artifact: string) => `${digest}  ${artifact}\n`;

/** The digest a `.sha256` file gives for `artifact`, or undefined when it says anything else. */
export function parseDigestLine(text: string, artifact: string): string | undefined {
  const match = /^([0-9a-f]{64}) [ *](\S+)\n?$/.exec(text);
  return match?.[2] === artifact ? match[1] : undefined;
}

/** This machine's platform as a release's native packages need it (sharp's, for one). */
export function platformOf(): string {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  const libc = process.platform === 'linux' ? (report.header?.glibcVersionRuntime ? '-glibc' : '-musl') : '';
  return `${process.platform}-${process.arch}${libc}`;
}

export const manifestSchema = z.object({
  protocol: z.number().int(),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  subject: z.string().max(1000),
  builtAt: z.iso.datetime(),
  /** The SHA-256 of the package-lock.json its dependencies were installed from. */
  lockHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** process.version of the Node it was built and checked with. */
  node: z.string().regex(/^v\d+\.\d+\.\d+$/),
  platform: z.string().max(100),
  /** The public address it was built for (SITE_URL). */
  site: z.url(),
});
export type Manifest = z.output<typeof manifestSchema>;

export interface ThisServer {
  siteUrl: string;
  nodeVersion: string;
  platform: string;
}

/** Why the release of `manifest` cannot run on this server, in the words the status shows; undefined when it can. */
export function refusalOf(manifest: Manifest, server: ThisServer): string | undefined {
  if (manifest.protocol !== DEPLOY_PROTOCOL) {
    return `it speaks deploy protocol ${manifest.protocol} and this server's deploy speaks ${DEPLOY_PROTOCOL}: upgrade the deploy on the server first (docs/operations.md, "Upgrades"), then try again`;
  }
  const major = (version: string) => version.replace(/^v/, '').split('.')[0];
  if (major(manifest.node) !== major(server.nodeVersion)) {
    return `it was made for Node ${manifest.node} and this server runs Node ${server.nodeVersion}: build releases with the server's Node major (.github/workflows/release.yml)`;
  }
  if (manifest.platform !== server.platform) {
    return `it was made for ${manifest.platform} and this server is ${server.platform}`;
  }
  if (new URL(manifest.site).origin !== new URL(server.siteUrl).origin) {
    return `it was built for ${manifest.site} and this site is ${server.siteUrl}: set SITE_URL where releases are built (the repository's variables)`;
  }
  return undefined;
}
