/**
 * A stand-in GitHub for the content editor's GitHub mode: one HTTP server answering the calls
 * Keystatic makes, over a local git repository (githubStandInGit.ts):
 * - sign-in: github.com/login/oauth/authorize (sends the browser back with a code) and
 *   /login/oauth/access_token (the server's exchange of the code, and of a refresh token);
 * - reading: api.github.com/graphql (githubStandInGraphql.ts), /repos/…/git/trees/… and
 *   /repos/…/git/blobs/…;
 * - saving: the GraphQL mutations createRef and createCommitOnBranch;
 * - pull requests: github.com/<repo>/pull/new/<branch> opens one (as GitHub's form would once
 *   submitted), found afterwards by the GraphQL field associatedPullRequests.
 * The browser reaches it through Playwright's routing of github.com and api.github.com
 * (routeToStandIn); the site's server through githubFetch.ts, loaded into its process.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from '@playwright/test';
import { HOST } from './ownServer.ts';
import { graphqlApi } from './githubStandInGraphql.ts';
import { standInRepository, type StandInRepository } from './githubStandInGit.ts';

export interface GitHubStandIn {
  url: string;
  repository: StandInRepository;
  /** The OAuth codes and tokens exchanged (the server's side of the sign-in). */
  exchanges: string[];
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, accept',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(response: ServerResponse, status: number, content: string | Buffer, type: string) {
  response.writeHead(status, { ...CORS, 'content-type': type }).end(content);
}

export async function startGitHubStandIn(
  source: { dir: string; paths: readonly string[] },
  site: { owner: string; name: string },
): Promise<GitHubStandIn> {
  const repository = standInRepository(source.dir, source.paths);
  const exchanges: string[] = [];
  let url = '';
  const repoPath = `/repos/${site.owner}/${site.name}`;
  let answer: ReturnType<typeof graphqlApi> | undefined;

  const server = createServer((request, response) => {
    void (async () => {
      const address = new URL(request.url ?? '/', url);
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (request.method === 'OPTIONS') return send(response, 204, '', 'text/plain');
      if (address.pathname === '/login/oauth/authorize') {
        const back = new URL(address.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', `code-${exchanges.length + 1}`);
        const state = address.searchParams.get('state');
        if (state) back.searchParams.set('state', state);
        response.writeHead(302, { location: back.toString() }).end();
        return;
      }
      if (address.pathname === '/login/oauth/access_token' && request.method === 'POST') {
        const code = address.searchParams.get('code') ?? address.searchParams.get('refresh_token') ?? '';
        exchanges.push(code);
        return send(
          response,
          200,
          JSON.stringify({
            access_token: `token-${exchanges.length}`,
            expires_in: 28_800,
            refresh_token: `refresh-${exchanges.length}`,
            refresh_token_expires_in: 15_897_600,
            scope: '',
            token_type: 'bearer',
          }),
          'application/json',
        );
      }
      const pullNew = new RegExp(`^/${site.owner}/${site.name}/pull/new/(.+)$`).exec(address.pathname);
      if (pullNew?.[1]) {
        const branch = decodeURIComponent(pullNew[1]);
        const number = repository.pullRequests.length + 1;
        const pullUrl = `https://github.com/${site.owner}/${site.name}/pull/${number}`;
        repository.pullRequests.push({ number, branch, url: pullUrl });
        return send(
          response,
          200,
          `<!doctype html><title>Pull request #${number}</title><h1>Pull request #${number}: ${branch}</h1>`,
          'text/html',
        );
      }
      // The API asks for the token given at sign-in.
      if (!bearer?.startsWith('token-'))
        return send(response, 401, '{"message":"Bad credentials"}', 'application/json');
      if (address.pathname === '/graphql' && request.method === 'POST') {
        answer ??= graphqlApi(repository, { ...site, url });
        const result = await answer(JSON.parse((await body(request)).toString('utf8')) as { query: string });
        return send(response, 200, JSON.stringify(result), 'application/json');
      }
      const tree = new RegExp(`^${repoPath}/git/trees/([0-9a-f]{40})$`).exec(address.pathname);
      if (tree?.[1]) {
        const entries = repository
          .tree(tree[1])
          .map((entry) => ({ ...entry, url: `${url}${repoPath}/git/${entry.type}s/${entry.sha}` }));
        return send(
          response,
          200,
          JSON.stringify({ sha: tree[1], tree: entries, truncated: false }),
          'application/json',
        );
      }
      const blob = new RegExp(`^${repoPath}/git/blobs/([0-9a-f]{40})$`).exec(address.pathname);
      if (blob?.[1]) return send(response, 200, repository.blob(blob[1]), 'application/octet-stream');
      send(response, 404, '{"message":"Not Found"}', 'application/json');
    })().catch((error: unknown) => send(response, 500, String(error), 'text/plain'));
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  url = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    repository,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        repository.remove();
      }),
  };
}

/** Sends the browser's requests to github.com and api.github.com to the stand-in. */
export async function routeToStandIn(context: BrowserContext, standIn: GitHubStandIn) {
  await context.route(/^https:\/\/(?:api\.)?github\.com\//, async (route) => {
    const original = new URL(route.request().url());
    const target = `${standIn.url}${original.pathname}${original.search}`;
    const response = await route.fetch({ url: target, maxRedirects: 0 });
    await route.fulfill({ response });
  });
}
