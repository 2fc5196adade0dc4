import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SettingsError } from '../../src/server/settingFields.ts';
import { readServerSettings, startupWarnings } from '../../src/server/settings.ts';

const http = (env: NodeJS.ProcessEnv) => readServerSettings(env).http;

/** TRUST_PROXY's value, and addresses at hops it trusts or not. */
const TRUST_CASES: [string, [string, number, boolean][]][] = [
  ['', [['127.0.0.1', 0, false]]],
  ['0', [['10.0.0.1', 0, false]]],
  [
    '1',
    [
      ['10.0.0.1', 0, true],
      ['10.0.0.2', 1, false],
    ],
  ],
  [
    '2',
    [
      ['203.0.113.5', 1, true],
      ['203.0.113.6', 2, false],
    ],
  ],
  [
    'loopback',
    [
      ['127.0.0.1', 0, true],
      ['::1', 0, true],
      ['10.0.0.1', 0, false],
    ],
  ],
  [
    '10.0.0.2, 172.16.0.0/12',
    [
      ['10.0.0.2', 0, true],
      ['172.20.1.1', 3, true],
      ['10.0.0.3', 0, false],
    ],
  ],
  [
    'uniquelocal',
    [
      ['192.168.1.10', 0, true],
      ['1.1.1.1', 0, false],
    ],
  ],
];

describe('the server settings', () => {
  it('serves on 127.0.0.1:4321, trusts no proxy and limits slow clients by default', () => {
    const settings = http({});
    expect(settings).toMatchObject({
      host: '127.0.0.1',
      port: 4321,
      siteUrl: undefined,
      publicOrigin: 'http://127.0.0.1:4321',
      production: false,
      timeouts: { headersMs: 15_000, requestMs: 30_000, keepAliveMs: 5000 },
      photoCacheBytes: 512 * 1024 * 1024,
    });
    expect(settings.trustProxy.trusts('127.0.0.1', 0)).toBe(false);
  });

  it('reads every setting it is given', () => {
    const settings = http({
      HOST: '0.0.0.0',
      PORT: '8080',
      SITE_URL: 'https://isa.example.org',
      NODE_ENV: 'production',
      HEADERS_TIMEOUT_SECONDS: '5',
      REQUEST_TIMEOUT_SECONDS: '10',
      KEEP_ALIVE_TIMEOUT_SECONDS: '2',
      PHOTO_CACHE_MB: '64',
    });
    expect(settings).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      siteUrl: 'https://isa.example.org',
      publicOrigin: 'https://isa.example.org',
      production: true,
      timeouts: { headersMs: 5000, requestMs: 10_000, keepAliveMs: 2000 },
      photoCacheBytes: 64 * 1024 * 1024,
    });
  });

  describe.each(TRUST_CASES)('TRUST_PROXY=%j', (value, cases) => {
    it.each(cases)('trusts %s at hop %i: %s', (address, hop, trusted) => {
      expect(http({ TRUST_PROXY: value }).trustProxy.trusts(address, hop)).toBe(trusted);
    });
  });

  it.each([
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must be the number of proxies .*would let a visitor choose/],
    [{ TRUST_PROXY: '11' }, /TRUST_PROXY .*at most 10/],
    [{ TRUST_PROXY: 'my-proxy' }, /TRUST_PROXY .*\(found "my-proxy"\)/],
    [{ TRUST_PROXY: '10.0.0.0/99' }, /TRUST_PROXY/],
    [{ PORT: 'eighty' }, /PORT must be a whole number from 0 to 65535 \(found "eighty"\)/],
    [{ SITE_URL: 'isa.example.org' }, /SITE_URL must be a full http:\/\/ or https:\/\/ address/],
    [{ NODE_ENV: 'production' }, /SITE_URL must be set when NODE_ENV=production: the public address/],
    [{ NODE_ENV: 'production', SITE_URL: '  ' }, /SITE_URL must be set when NODE_ENV=production/],
    [{ REQUEST_TIMEOUT_SECONDS: '0' }, /REQUEST_TIMEOUT_SECONDS must be a whole number from 1/],
    [{ HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' }, /must not be more than REQUEST_TIMEOUT/],
    [{ PHOTO_CACHE_MB: '-1' }, /PHOTO_CACHE_MB must be a whole number/],
    [{ DEPLOY_WEBHOOK_SECRET: 'short' }, /DEPLOY_WEBHOOK_SECRET must be at least 20 characters/],
    [{ DEPLOY_RELEASE: 'main' }, /DEPLOY_RELEASE must be a commit hash/],
  ])('refuses %j with a message naming the setting', (env, message) => {
    expect(() => readServerSettings(env)).toThrow(SettingsError);
    expect(() => readServerSettings(env)).toThrow(message);
  });

  it('names every mistake at once, of every section', () => {
    expect(() => readServerSettings({ PORT: 'x', TRUST_PROXY: 'true' })).toThrow(/PORT[^]*TRUST_PROXY/);
    expect(() => readServerSettings({ EVENTS_SAMPLE_DATA: 'maybe', BACKUP_KEEP: '0' })).toThrow(
      /EVENTS_SAMPLE_DATA[^]*BACKUP_KEEP/,
    );
  });
});

describe("a release's settings (npm run deploy)", () => {
  it('are empty under npm start, and name the release, its folder and the webhook secret under the deploy', () => {
    expect(readServerSettings({}).release).toEqual({
      deployDir: undefined,
      commit: undefined,
      webhookSecret: undefined,
    });
    const commit = 'c'.repeat(40);
    expect(
      readServerSettings({ DEPLOY_DIR: 'releases', DEPLOY_RELEASE: commit, DEPLOY_WEBHOOK_SECRET: 's'.repeat(20) })
        .release,
    ).toEqual({ deployDir: path.resolve('releases'), commit, webhookSecret: 's'.repeat(20) });
  });
});

describe('DATA_DIR', () => {
  it.each([
    [{}, path.resolve('data')],
    [{ DATA_DIR: '  ' }, path.resolve('data')],
    [{ DATA_DIR: 'var/isa' }, path.resolve('var/isa')],
    [{ DATA_DIR: '/srv/isa' }, '/srv/isa'],
  ])('%j is the store in %s, read in one place (the store section; the events keep no copy)', (env, dataDir) => {
    const settings = readServerSettings(env);
    expect(settings.store.dataDir).toBe(dataDir);
    expect(settings.events).toEqual({ kind: 'embedded', sampleData: true });
  });
});

describe('the public origin (links, and the origin every form post must come from)', () => {
  it.each([
    [{ SITE_URL: 'https://isa.example.org' }, 'https://isa.example.org'],
    [{ SITE_URL: 'https://ISA.example.org:443/society/', NODE_ENV: 'production' }, 'https://isa.example.org'],
    [{ SITE_URL: 'http://isa.example.org:8080', HOST: '0.0.0.0', PORT: '80' }, 'http://isa.example.org:8080'],
    [{}, 'http://127.0.0.1:4321'],
    [{ HOST: 'localhost', PORT: '8080' }, 'http://localhost:8080'],
    [{ PORT: '80' }, 'http://127.0.0.1'],
    [{ HOST: '::1' }, 'http://[::1]:4321'],
    [{ HOST: '0.0.0.0' }, 'http://127.0.0.1:4321'],
    [{ HOST: '::' }, 'http://127.0.0.1:4321'],
  ])('%j: %s', (env, origin) => {
    expect(http(env).publicOrigin).toBe(origin);
  });
});

describe('startupWarnings', () => {
  it('warns when development listens on every address without SITE_URL (the admin works at loopback only)', () => {
    expect(startupWarnings(http({ HOST: '0.0.0.0' }))).toEqual([
      expect.stringMatching(
        /^HOST 0\.0\.0\.0 listens on every address, .* only at http:\/\/127\.0\.0\.1:4321: set SITE_URL/,
      ),
    ]);
    expect(startupWarnings(http({ HOST: '0.0.0.0', SITE_URL: 'https://isa-tamilnadu.example.org' }))).toEqual([]);
    expect(startupWarnings(http({ NODE_ENV: 'production', SITE_URL: 'https://isa-tamilnadu.example.org' }))).toEqual(
      [],
    );
    expect(startupWarnings(http({}))).toEqual([]);
  });

  it('warns when the build names another address than SITE_URL', () => {
    const settings = http({ SITE_URL: 'https://isa.example.org' });
    expect(startupWarnings(settings, 'https://isa.example.org/')).toEqual([]);
    expect(startupWarnings(settings, 'https://isa-tamilnadu.example.org/')).toEqual([
      expect.stringMatching(
        /build names https:\/\/isa-tamilnadu\.example\.org\/ but SITE_URL is https:\/\/isa\.example\.org\//,
      ),
    ]);
  });
});
