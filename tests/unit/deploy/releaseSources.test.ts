/**
 * Where published releases are found (src/deploy/releaseSources.ts): a folder, and GitHub's releases
 * API as a stand-in answers it (the calls and fields of docs.github.com's REST reference for releases
 * and release assets, the ETag of conditional requests, an asset's download by redirect).
 */
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactName, digestLine, digestName } from '../../../src/artifact/manifest.ts';
import { NetworkError } from '../../../src/deploy/download.ts';
import { folderSource, githubSource } from '../../../src/deploy/releaseSources.ts';

const hash = (n: number) => n.toString(16).padStart(2, '0').repeat(20);
const DIGEST = 'e'.repeat(64);
const signal = () => AbortSignal.timeout(10_000);

/** Publishes `commit`'s artifact in `dir`, its digest file last, at `time` (seconds). */
function publish(dir: string, commit: string, time: number, digest = DIGEST): void {
  const artifact = artifactName(commit);
  writeFileSync(path.join(dir, artifact), `artifact of ${commit}`);
  writeFileSync(path.join(dir, digestName(artifact)), digestLine(digest, artifact));
  utimesSync(path.join(dir, digestName(artifact)), time, time);
}

describe('a folder of releases', () => {
  it('gives the artifact whose digest file was written last, and copies it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'isa-published-'));
    const source = folderSource(dir);
    expect(await source.latest(signal())).toBeUndefined();
    publish(dir, hash(1), 1000);
    publish(dir, hash(2), 3000);
    publish(dir, hash(3), 2000);
    // Not an artifact's: never taken, however new.
    writeFileSync(path.join(dir, 'isa-site-HEAD.tar.gz.sha256'), 'x');
    writeFileSync(path.join(dir, 'notes.sha256'), 'x');
    const latest = await source.latest(signal());
    expect(latest).toEqual({ commit: hash(2), digest: DIGEST, title: '' });
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'isa-download-')), 'a.tar.gz');
    await source.download(latest!, copy, signal());
    expect(readFileSync(copy, 'utf8')).toBe(`artifact of ${hash(2)}`);
  });

  it('says a digest file that names another artifact, and a missing artifact, without trusting either', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'isa-published-'));
    writeFileSync(path.join(dir, digestName(artifactName(hash(4)))), digestLine(DIGEST, artifactName(hash(5))));
    const latest = await folderSource(dir).latest(signal());
    expect(latest).toEqual({ commit: hash(4), digest: 'unreadable', title: '' });
    await expect(folderSource(dir).download(latest!, path.join(dir, 'x'), signal())).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('that cannot be read is the network\u2019s trouble, not a release\u2019s', async () => {
    await expect(folderSource('/no/such/folder').latest(signal())).rejects.toBeInstanceOf(NetworkError);
  });
});

describe("GitHub's releases", () => {
  const requests: { url: string; headers: IncomingMessage['headers'] }[] = [];
  let answer: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers });
    answer(request, response);
  });
  let api = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const commit = hash(7);
  const artifact = artifactName(commit);
  const release = (assetDigest?: string) => ({
    id: 11,
    name: 'President renamed',
    tag_name: `release-${commit}`,
    assets: [
      { id: 21, name: artifact, size: 100, digest: assetDigest ?? null },
      { id: 22, name: digestName(artifact), size: 140 },
    ],
  });
  const github = (serve: (request: IncomingMessage, response: ServerResponse) => void) => {
    requests.length = 0;
    answer = serve;
    return githubSource({ repository: 'example-society/isa-site', apiUrl: api, token: 'github_pat_read' });
  };

  it('gives the latest release, its digest read from its .sha256 asset, and asks again with its ETag', async () => {
    const source = github((request, response) => {
      if (request.url === '/repos/example-society/isa-site/releases/latest') {
        if (request.headers['if-none-match'] === '"v1"') return void response.writeHead(304).end();
        return void response.writeHead(200, { ETag: '"v1"' }).end(JSON.stringify(release(`sha256:${DIGEST}`)));
      }
      // An asset is sent by a redirect to where it is stored, as GitHub does.
      if (request.url === '/repos/example-society/isa-site/releases/assets/22') {
        return void response.writeHead(302, { Location: '/stored/22' }).end();
      }
      if (request.url === '/stored/22') return void response.end(digestLine(DIGEST, artifact));
      response.writeHead(404).end();
    });
    const expected = { commit, digest: DIGEST, title: 'President renamed' };
    expect(await source.latest(signal())).toMatchObject(expected);
    expect(await source.latest(signal())).toMatchObject(expected);
    expect(requests.map((each) => each.url)).toEqual([
      '/repos/example-society/isa-site/releases/latest',
      '/repos/example-society/isa-site/releases/assets/22',
      '/stored/22',
      '/repos/example-society/isa-site/releases/latest',
    ]);
    expect(requests[0]?.headers).toMatchObject({
      authorization: 'Bearer github_pat_read',
      'x-github-api-version': '2022-11-28',
    });
    expect(requests[1]?.headers.accept).toBe('application/octet-stream');
  });

  it("marks a digest that disagrees with GitHub's own record of the asset, so that it is refused", async () => {
    const source = github((request, response) => {
      if (request.url?.endsWith('/releases/latest'))
        return void response.end(JSON.stringify(release(`sha256:${'0'.repeat(64)}`)));
      response.end(digestLine(DIGEST, artifact));
    });
    expect((await source.latest(signal()))?.digest).toBe('disagreeing');
  });

  it.each<[string, (response: ServerResponse) => void, RegExp | undefined]>([
    [
      'no release yet (or a token that cannot see it)',
      (response) => response.writeHead(404).end('{}'),
      /none is published yet, or DEPLOY_TOKEN cannot read/,
    ],
    ["GitHub's trouble", (response) => response.writeHead(502).end(), /GitHub answered 502/],
  ])('says %s as a NetworkError', async (_case, serve, says) => {
    const source = github((_request, response) => serve(response));
    await expect(source.latest(signal())).rejects.toThrow(says);
    await expect(source.latest(signal())).rejects.toBeInstanceOf(NetworkError);
  });

  it('gives nothing for a release without an artifact and its digest', async () => {
    const source = github((_request, response) =>
      response.end(JSON.stringify({ id: 3, name: 'Notes', assets: [{ id: 1, name: 'notes.txt', size: 3 }] })),
    );
    expect(await source.latest(signal())).toBeUndefined();
  });
});
