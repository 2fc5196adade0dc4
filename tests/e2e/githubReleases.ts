/**
 * A stand-in for GitHub's releases API, as the deploy calls it (docs.github.com, REST: "Get the latest
 * release", "Get a release asset" with Accept: application/octet-stream, which GitHub answers with a
 * redirect to where the asset is stored; conditional requests with the ETag answered 304; Range
 * requests answered 206). The test publishes artifacts into it, and can have the next download of
 * an artifact break off midway, as a network does.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { commitOfArtifact, digestName } from '../../src/artifact/manifest.ts';
import { HOST } from './ownServer.ts';

export const REPOSITORY = 'example-society/isa-site';

export interface GitHubReleases {
  url: string;
  /** Makes the artifact `file` (and its `.sha256` beside it) the latest release, titled `title`. */
  publish(file: string, title: string): void;
  /** The next download of an artifact sends this many bytes, then the connection ends. */
  cutNextDownloadAt(bytes: number): void;
  /** The requests seen, as "METHOD path [range]". */
  requests: string[];
  close(): Promise<void>;
}

interface Asset {
  id: number;
  name: string;
  file: string;
}

export async function startGitHubReleases(): Promise<GitHubReleases> {
  const requests: string[] = [];
  const assets = new Map<number, Asset>();
  let latest: { id: number; name: string; assets: Asset[] } | undefined;
  let nextId = 1;
  let cutAt: number | undefined;
  const api = `/repos/${REPOSITORY}`;

  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    requests.push(`${request.method} ${url}${request.headers.range ? ` ${request.headers.range}` : ''}`);
    if (request.headers.authorization !== 'Bearer github_pat_read_only') {
      return void response.writeHead(401).end('{"message":"Bad credentials"}');
    }
    if (url === `${api}/releases/latest`) {
      if (!latest) return void response.writeHead(404).end('{"message":"Not Found"}');
      const etag = `"${latest.id}"`;
      if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { ETag: etag }).end();
      const body = {
        id: latest.id,
        name: latest.name,
        tag_name: `release-${latest.id}`,
        assets: latest.assets.map(({ id, name, file }) => ({
          id,
          name,
          size: statSync(file).size,
          url: `${api}/releases/assets/${id}`,
        })),
      };
      return void response.writeHead(200, { 'Content-Type': 'application/json', ETag: etag }).end(JSON.stringify(body));
    }
    const assetId = Number(new RegExp(`^${api}/releases/assets/(\\d+)$`).exec(url)?.[1]);
    if (assets.has(assetId)) {
      // As GitHub: a redirect to where the asset is stored (the stand-in's own /stored/ path).
      return void response.writeHead(302, { Location: `/stored/${assetId}` }).end();
    }
    const stored = assets.get(Number(/^\/stored\/(\d+)$/.exec(url)?.[1]));
    if (!stored) return void response.writeHead(404).end();
    const size = statSync(stored.file).size;
    const from = Number(/^bytes=(\d+)-\d*$/.exec(request.headers.range ?? '')?.[1] ?? 0);
    const headers = { 'Content-Type': 'application/octet-stream', 'Accept-Ranges': 'bytes' };
    if (from > 0) {
      response.writeHead(206, {
        ...headers,
        'Content-Length': size - from,
        'Content-Range': `bytes ${from}-${size - 1}/${size}`,
      });
    } else {
      response.writeHead(200, { ...headers, 'Content-Length': size });
    }
    if (cutAt !== undefined && commitOfArtifact(stored.name)) {
      const end = from + cutAt;
      cutAt = undefined;
      createReadStream(stored.file, { start: from, end: end - 1 })
        .on('end', () => setTimeout(() => response.socket?.end(), 200))
        .pipe(response, { end: false });
      return;
    }
    createReadStream(stored.file, { start: from }).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return {
    url: `http://${HOST}:${(server.address() as AddressInfo).port}`,
    requests,
    publish(file, title) {
      const made = [file, `${file}.sha256`].map((each) => ({ id: nextId++, name: path.basename(each), file: each }));
      for (const asset of made) assets.set(asset.id, asset);
      if (made[1]?.name !== digestName(path.basename(file))) throw new Error('not an artifact');
      latest = { id: nextId++, name: title, assets: made };
    },
    cutNextDownloadAt(bytes) {
      cutAt = bytes;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
