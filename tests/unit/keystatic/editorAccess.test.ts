/**
 * Who gets the content editor: its settings (all four GitHub App variables or none), where it is
 * offered (never by a production server in local mode, nor without the App), and the headers of
 * its answers (never cached or indexed, a policy of its own that lets only its scripts run).
 */
import { writeResponse } from 'astro/app/node';
import { describe, expect, it } from 'vitest';
import { editorMismatch, editorOffered, isEditorPath } from '../../../src/lib/keystatic/access.ts';
import {
  editorNotFound,
  editorPolicy,
  inlineScriptHashes,
  withEditorHeaders,
} from '../../../src/lib/keystatic/editorPolicy.ts';
import { contentStorage } from '../../../src/lib/keystatic/storage.ts';
import { NON_PAGE_POLICY } from '../../../src/server/securityHeaders.ts';
import { SettingsError } from '../../../src/server/settingFields.ts';
import { readServerSettings } from '../../../src/server/settings.ts';
import { listeningSiteServer } from '../listeningSiteServer.ts';

const APP = {
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.0123456789abcdef',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret-of-the-app',
  KEYSTATIC_SECRET: 'a'.repeat(64),
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'isa-tn-content',
};

describe('the editor settings, checked at start', () => {
  it.each([
    [
      { KEYSTATIC_GITHUB_CLIENT_ID: APP.KEYSTATIC_GITHUB_CLIENT_ID },
      /missing: KEYSTATIC_GITHUB_CLIENT_SECRET, KEYSTATIC_SECRET, PUBLIC_KEYSTATIC_GITHUB_APP_SLUG/,
    ],
    [{ ...APP, KEYSTATIC_SECRET: 'short' }, /KEYSTATIC_SECRET must be at least 32 characters/],
    [{ ...APP, PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: '  ' }, /missing: PUBLIC_KEYSTATIC_GITHUB_APP_SLUG/],
  ])('refuses %o', (env, message) => {
    expect(() => readServerSettings(env)).toThrow(SettingsError);
    expect(() => readServerSettings(env)).toThrow(message);
  });

  it.each([
    [{}, false],
    [APP, true],
  ])('reads %o', (env, github) => {
    expect(readServerSettings(env).editor).toEqual({ github });
  });
});

describe('where the editor is offered', () => {
  it.each([
    ['a production server in local mode, even with the App', { dev: false, storage: 'local', env: APP }, false],
    ['a production server in github mode without the App', { dev: false, storage: 'github', env: {} }, false],
    [
      'a production server in github mode with half the App',
      { dev: false, storage: 'github', env: { KEYSTATIC_SECRET: APP.KEYSTATIC_SECRET } },
      false,
    ],
    ['a production server in github mode with the App', { dev: false, storage: 'github', env: APP }, true],
    ['astro dev in local mode', { dev: true, storage: 'local', env: {} }, true],
  ] as const)('%s: %s', (_case, context, offered) => {
    expect(editorOffered(context)).toBe(offered);
  });

  it.each([
    ['/keystatic', true],
    ['/keystatic/collection/branches', true],
    ['/api/keystatic/update', true],
    ['/KeyStatic', true],
    ['/keystatics', false],
    ['/branches', false],
    ['/api/events', false],
  ])('%s is an editor path: %s', (pathname, expected) => {
    expect(isEditorPath(pathname)).toBe(expected);
  });

  it('answers 404 where it is not offered, never cached nor indexed', async () => {
    const response = editorNotFound();
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await response.text()).toBe('Not found');
  });
});

describe('an editor switched off against its settings, said at start and to owners', () => {
  it.each<[string, 'local' | 'github', Record<string, string>, boolean, RegExp | undefined]>([
    [
      "the App's settings, a build without GitHub mode",
      'local',
      APP,
      false,
      /this build was made without PUBLIC_KEYSTATIC_GITHUB_REPO, so \/keystatic answers 404/,
    ],
    [
      "a GitHub-mode build without the App's settings",
      'github',
      {},
      false,
      /this build is made for GitHub mode, but the server does not have all/,
    ],
    [
      'a GitHub-mode build with half of them',
      'github',
      { KEYSTATIC_SECRET: 'a'.repeat(64) },
      false,
      /does not have all of the GitHub App's settings/,
    ],
    ['both agreeing on GitHub mode', 'github', APP, false, undefined],
    ['both agreeing on no editor', 'local', {}, false, undefined],
    ['astro dev, which offers the editor either way', 'local', APP, true, undefined],
  ])('%s', (_case, storage, env, dev, message) => {
    const warning = editorMismatch({ storage, env, dev });
    if (message) expect(warning).toMatch(message);
    else expect(warning).toBeUndefined();
  });
});

describe('the storage named at build time', () => {
  it.each(['owner', 'owner/name/extra', 'https://github.com/owner/name', '-owner/name'])('refuses "%s"', (repo) => {
    expect(() => contentStorage(repo)).toThrow(/owner\/name/);
  });

  it.each([
    [undefined, { kind: 'local' }],
    ['', { kind: 'local' }],
    ['isa-tn/website', { kind: 'github', repo: { owner: 'isa-tn', name: 'website' }, branchPrefix: 'content/' }],
  ])('%s gives %o', (repo, storage) => {
    expect(contentStorage(repo)).toEqual(storage);
  });
});

describe("the editor's headers", () => {
  const page = '<!DOCTYPE html><script>alert(1)</script><script type="module" src="/a.js"></script><script> </script>';

  it('hashes the inline scripts of its page, and only those', () => {
    expect(inlineScriptHashes(page)).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
  });

  it.each([
    ['local', "connect-src 'self';"],
    ['github', "connect-src 'self' https://api.github.com;"],
  ] as const)('in %s mode allows %s', (storage, directive) => {
    const policy = editorPolicy(page, storage);
    expect(policy).toContain(directive);
    expect(policy).not.toContain("script-src 'self' 'unsafe-inline'");
  });

  it('are never cached or indexed; the API gets a policy that runs nothing', async () => {
    const api = await withEditorHeaders(
      new Response('{}', {
        headers: { 'content-type': 'application/json', etag: '"x"', 'cache-control': 'max-age=60' },
      }),
      'local',
    );
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(api.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(api.headers.get('etag')).toBeNull();
    expect(api.headers.get('content-security-policy')).toBeNull();
    const html = await withEditorHeaders(new Response(page, { headers: { 'content-type': 'text/html' } }), 'github');
    expect(html.headers.get('content-security-policy')).toBe(editorPolicy(page, 'github'));
    expect(await html.text()).toBe(page);
  });

  it('get frame-ancestors and the policy of what is not a page from the site server, the one place that adds them', async () => {
    const { server, url } = await listeningSiteServer(
      (request, response) => {
        const answer =
          request.url === '/keystatic'
            ? new Response(page, { headers: { 'content-type': 'text/html' } })
            : new Response('{}', { headers: { 'content-type': 'application/json' } });
        void withEditorHeaders(answer, 'local').then((headed) => writeResponse(headed, response));
      },
      { log: false },
    );
    try {
      const html = await fetch(`${url}/keystatic`);
      expect(html.headers.get('content-security-policy')).toBe(
        `${editorPolicy(page, 'local')}; frame-ancestors 'none'`,
      );
      const api = await fetch(`${url}/api/keystatic/tree`);
      expect(api.headers.get('content-security-policy')).toBe(NON_PAGE_POLICY);
    } finally {
      // fetch keeps its connections open, and close() alone waited for them (up to the test's limit).
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
