/**
 * Every setting the server reads from its environment, in one zod schema: each variable's
 * check, its default and its message when it is wrong live in its section, and the types of the
 * settings come from the schema. A mistake stops the start with a message naming the variable (see
 * scripts/start.ts) instead of misbehaving later (a timeout of NaN, sample events loaded into
 * production by a typo, messages that cannot be mailed).
 *
 * The sections, each read from the whole environment: `store` (DATA_DIR, read here and only here),
 * `release` (what `npm run deploy` tells a release), `events` (where events come from:
 * events/settings.ts), `contact` (the contact form: contact/settings.ts), `backup` (the scheduled
 * backups: backup/backupSettings.ts), `http` (the server itself) and `editor` (the content editor:
 * src/lib/keystatic/settings.ts). The events section can be read alone (readEventsSettings, for the
 * importer). How one variable is read (blank is unset, whole numbers, addresses): settingFields.ts.
 */
import path from 'node:path';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { backupSettings } from './backup/backupSettings.ts';
import { contactSettings } from './contact/settings.ts';
import { resolveDataDir } from './database.ts';
import { eventsSettings } from './events/settings.ts';
import { parse, setting, webAddress, wholeNumber } from './settingFields.ts';
import { EVERY_ADDRESS, publicOriginOf, siteUrlOf } from '../lib/siteUrl.ts';
import { editorSettings } from '../lib/keystatic/settings.ts';

/**
 * Which proxies the site trusts (TRUST_PROXY), in the form Fastify's `trustProxy` takes (proxy-addr's,
 * as Express's `trust proxy`): by default none (X-Forwarded-* ignored, whoever sends them); a number N
 * trusts the N proxies nearest the site (X-Forwarded-For read from the right, skipping N-1 entries);
 * a comma list of addresses or ranges ("10.0.0.2, 172.16.0.0/12", loopback, uniquelocal) trusts the
 * proxies there. "true" (trust every proxy) is refused: a visitor could choose their own address.
 */
export interface ProxyTrust {
  /** Whether the proxy at `address`, `hop` steps from the site (0: the connection), is trusted. */
  trusts: (address: string, hop: number) => boolean;
  /** How the client's address is found, in words, for the start-up message. */
  description: string;
}

class ProxyTrustError extends Error {}
const MAX_HOPS = 10;

/** TRUST_PROXY's value as a ProxyTrust; throws ProxyTrustError saying what is expected. */
export function parseProxyTrust(value: string | undefined): ProxyTrust {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') {
    return {
      trusts: () => false,
      description: "the connection's own; X-Forwarded-* headers are ignored (TRUST_PROXY is not set)",
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new ProxyTrustError(`at most ${MAX_HOPS} proxies can be trusted (found ${hops})`);
    const nearest = hops === 1 ? 'the nearest proxy' : `the ${hops} nearest proxies`;
    return {
      trusts: (_address, hop) => hop < hops,
      description: `X-Forwarded-For read from the right, past ${nearest}`,
    };
  }
  if (text === 'true') {
    throw new ProxyTrustError(
      'trusting every proxy would let a visitor choose their own address; give the number of proxies (such as 1) or their addresses',
    );
  }
  const list = text.split(',').map((part) => part.trim());
  try {
    return {
      // proxy-addr, as Fastify's trustProxy compiles a list, but here: a wrong entry stops the start with these words.
      trusts: proxyAddr.compile(list),
      description: `X-Forwarded-For read from the right, past the proxies at ${list.join(', ')}`,
    };
  } catch (error) {
    throw new ProxyTrustError(error instanceof Error ? error.message : String(error));
  }
}

const httpSettings = z
  .object({
    HOST: setting(z.string().trim()),
    PORT: setting(wholeNumber('PORT', 0, 65_535)),
    SITE_URL: setting(webAddress('SITE_URL', 'https://isa-tamilnadu.example.org')),
    NODE_ENV: setting(z.string()),
    TRUST_PROXY: setting(
      z.string().transform((value, context) => {
        try {
          return parseProxyTrust(value);
        } catch (error) {
          if (!(error instanceof ProxyTrustError)) throw error;
          context.issues.push({
            code: 'custom',
            input: value,
            message: `TRUST_PROXY must be the number of proxies in front of the site (such as 1) or a comma list of their addresses or ranges (such as "10.0.0.2, 172.16.0.0/12", loopback, uniquelocal): ${error.message} (found "${value}")`,
          });
          return z.NEVER;
        }
      }),
    ),
    HEADERS_TIMEOUT_SECONDS: setting(wholeNumber('HEADERS_TIMEOUT_SECONDS', 1, 600)),
    REQUEST_TIMEOUT_SECONDS: setting(wholeNumber('REQUEST_TIMEOUT_SECONDS', 1, 3600)),
    KEEP_ALIVE_TIMEOUT_SECONDS: setting(wholeNumber('KEEP_ALIVE_TIMEOUT_SECONDS', 1, 600)),
    PHOTO_CACHE_MB: setting(wholeNumber('PHOTO_CACHE_MB', 1, 1_000_000)),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.SITE_URL, {
    error:
      'SITE_URL must be set when NODE_ENV=production: the public address (such as "https://isa-tamilnadu.example.org") that the links in e-mails, the sitemap and the check of every form post name',
  })
  .transform((env) => ({
    host: env.HOST ?? '127.0.0.1',
    port: env.PORT ?? 4321,
    /** The public address; absolute URLs name it (see src/lib/siteUrl.ts). */
    siteUrl: env.SITE_URL,
    /**
     * The origin every link the server writes names and every form post must come from
     * (src/lib/siteUrl.ts, publicOriginOf): SITE_URL's, or in development the listening address.
     */
    publicOrigin: publicOriginOf(env.SITE_URL, env.HOST ?? '127.0.0.1', env.PORT ?? 4321),
    production: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY ?? parseProxyTrust(undefined),
    timeouts: {
      /** Time allowed for a request's headers, then for the whole request; idle time between requests. */
      headersMs: (env.HEADERS_TIMEOUT_SECONDS ?? 15) * 1000,
      requestMs: (env.REQUEST_TIMEOUT_SECONDS ?? 30) * 1000,
      keepAliveMs: (env.KEEP_ALIVE_TIMEOUT_SECONDS ?? 5) * 1000,
    },
    /** The most the photo cache in DATA_DIR/cache may hold (backend photos and resized copies). */
    photoCacheBytes: (env.PHOTO_CACHE_MB ?? 512) * 1024 * 1024,
  }))
  .refine((http) => http.timeouts.headersMs <= http.timeouts.requestMs, {
    error:
      'HEADERS_TIMEOUT_SECONDS must not be more than REQUEST_TIMEOUT_SECONDS (the headers are part of the request)',
  });

/**
 * Where the store, the uploads, the photo cache and the form secret live: DATA_DIR, resolved here, once
 * (a relative one is the working folder's: `npm start` works in the project folder). The server passes the
 * folder on as a value; nothing writes it back into the environment.
 */
const storeSettings = z
  .object({ DATA_DIR: setting(z.string()) })
  .transform((env) => ({ dataDir: resolveDataDir(env.DATA_DIR) }));

/**
 * What a server started by `npm run deploy` is told about its release (src/deploy/): the folder of the
 * releases and their status (shown to owners in /Admin), its own commit, and the secret of GitHub's release
 * webhook, which the site answers and hands to the deploy (src/server/release/deployWebhook.ts). Unset under `npm start`.
 */
const releaseSettings = z
  .object({
    DEPLOY_DIR: setting(z.string()),
    DEPLOY_RELEASE: setting(
      z
        .string()
        .trim()
        .regex(/^[0-9a-f]{40,64}$/, 'DEPLOY_RELEASE must be a commit hash'),
    ),
    DEPLOY_WEBHOOK_SECRET: setting(
      z.string().min(20, 'DEPLOY_WEBHOOK_SECRET must be at least 20 characters (for example "openssl rand -hex 32")'),
    ),
  })
  .transform((env) => ({
    deployDir: env.DEPLOY_DIR === undefined ? undefined : path.resolve(env.DEPLOY_DIR),
    commit: env.DEPLOY_RELEASE,
    webhookSecret: env.DEPLOY_WEBHOOK_SECRET,
  }));

/** The one schema: each section reads the whole environment. */
const serverSettings = z.object({
  store: storeSettings,
  release: releaseSettings,
  events: eventsSettings,
  contact: contactSettings,
  backup: backupSettings,
  http: httpSettings,
  /** The content editor's GitHub App (src/lib/keystatic/settings.ts). */
  editor: editorSettings,
});

export type HttpSettings = z.output<typeof httpSettings>;
export type ServerSettings = z.output<typeof serverSettings>;

/** Every setting of `env`, checked; throws a SettingsError naming every bad one. */
export function readServerSettings(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  return parse(serverSettings, {
    store: env,
    release: env,
    events: env,
    contact: env,
    backup: env,
    http: env,
    editor: env,
  });
}

/**
 * What the server should say at start about settings that work but are probably not meant: a
 * build made for another address than SITE_URL names (`builtFor`: the address the build recorded,
 * see astro.config.mjs), or, in development, a HOST of every address without SITE_URL (the admin's
 * forms then work at the loopback address only). Production without SITE_URL does not start.
 */
export function startupWarnings(http: HttpSettings, builtFor?: string): string[] {
  const warnings: string[] = [];
  if (!http.siteUrl && EVERY_ADDRESS.has(http.host)) {
    warnings.push(
      `HOST ${http.host} listens on every address, but without SITE_URL the admin's forms and links work only at ${http.publicOrigin}: set SITE_URL to the address people open.`,
    );
  }
  const wanted = siteUrlOf(http.siteUrl).href;
  if (builtFor && builtFor.trim() !== wanted) {
    warnings.push(
      `the build names ${builtFor.trim()} but SITE_URL is ${wanted}: rebuild with this SITE_URL ("npm run build", or "npm start -- --rebuild").`,
    );
  }
  return warnings;
}
