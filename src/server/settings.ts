/**
 * Every setting the server reads from its environment, in one zod schema: each variable's
 * check, its default and its message when it is wrong live here, and the types of the settings
 * come from the schema. A mistake stops the start with a message naming the variable (see
 * scripts/start.ts) instead of misbehaving later (a timeout of NaN, sample events loaded into
 * production by a typo, messages that cannot be mailed).
 *
 * The schema has three sections, each read from the whole environment: `events` (where events
 * come from), `contact` (the contact form) and `http` (the server itself). A section can be
 * read alone (readEventsSettings, readContactSettings), with an error class of its own.
 */
import path from 'node:path';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { resolveDataDir } from './database.ts';
import { DEFAULT_MAX_ANSWER_BYTES } from './events/backendFetch.ts';
import { EVERY_ADDRESS, publicOriginOf, siteUrlOf } from '../lib/siteUrl.ts';
import { editorSettings } from '../lib/keystatic/settings.ts';

/** A setting in the environment is not one the site understands. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}
export class EventsSettingsError extends SettingsError {
  override name = 'EventsSettingsError';
}
export class ContactSettingsError extends SettingsError {
  override name = 'ContactSettingsError';
}

const DEFAULT_TIMEOUT_MS = 5000;
const MAX_TIMEOUT_MS = 120_000;
/** The most EVENTS_API_MAX_BYTES may allow: a list larger than 64 MB is not one the site should hold. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60_000;

type Issue = { input?: unknown };

/** An environment variable, unset when empty or blank. */
export function setting<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );
}

export function wholeNumber(name: string, min: number, max: number, unit = '') {
  const error = (issue: Issue) =>
    `${name} must be a whole number${unit} from ${min} to ${max} (found "${String(issue.input)}")`;
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }));
}

function webAddress(name: string, example: string) {
  return z
    .string()
    .trim()
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: (issue: Issue) =>
          `${name} must be a full http:// or https:// address such as "${example}" (found "${String(issue.input)}").`,
      }),
    );
}

const email = z.email();

/** "Office <office@example.org>" or a bare address. */
function emailAddress(name: string) {
  return z
    .string()
    .trim()
    .refine((value) => email.safeParse((/<([^>]+)>\s*$/.exec(value)?.[1] ?? value).trim()).success, {
      error: (issue: Issue) =>
        `${name} must be an e-mail address such as office@example.org (found "${String(issue.input)}")`,
    });
}

function protocolOf(value: unknown): string {
  return URL.canParse(String(value)) ? new URL(String(value)).protocol : '';
}

const eventsSettings = z
  .object({
    EVENTS_API_URL: setting(webAddress('EVENTS_API_URL', 'https://host/Admin/api')),
    EVENTS_API_TIMEOUT_MS: setting(wholeNumber('EVENTS_API_TIMEOUT_MS', 1, MAX_TIMEOUT_MS, ' of milliseconds')),
    EVENTS_API_MAX_BYTES: setting(wholeNumber('EVENTS_API_MAX_BYTES', 1024, MAX_ANSWER_BYTES, ' of bytes')),
    EVENTS_SAMPLE_DATA: setting(
      z
        .string()
        .transform((value) => value.trim().toLowerCase())
        .pipe(
          z.enum(['on', 'off'], {
            error: (issue: Issue) =>
              `EVENTS_SAMPLE_DATA must be "on" or "off" (found "${String(issue.input)}"); "off" starts an empty store without the sample events.`,
          }),
        ),
    ),
    DATA_DIR: setting(z.string()),
  })
  .transform((env) =>
    env.EVENTS_API_URL
      ? {
          kind: 'remote' as const,
          apiUrl: env.EVENTS_API_URL,
          timeoutMs: env.EVENTS_API_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS,
          maxAnswerBytes: env.EVENTS_API_MAX_BYTES ?? DEFAULT_MAX_ANSWER_BYTES,
        }
      : {
          kind: 'embedded' as const,
          dataDir: resolveDataDir(env.DATA_DIR),
          sampleData: env.EVENTS_SAMPLE_DATA !== 'off',
        },
  );

const contactSettings = z
  .object({
    SMTP_URL: setting(
      z
        .string()
        .trim()
        .refine((value) => URL.canParse(value), {
          error: 'SMTP_URL must be a URL such as smtps://user:password@mail.example.org:465',
          abort: true,
        })
        .refine((value) => /^smtps?:$/.test(protocolOf(value)), {
          error: (issue: Issue) =>
            `SMTP_URL must start with smtp:// or smtps:// (found "${protocolOf(issue.input)}//")`,
        }),
    ),
    CONTACT_TO: setting(emailAddress('CONTACT_TO')),
    CONTACT_FROM: setting(emailAddress('CONTACT_FROM')),
    CONTACT_RATE_LIMIT: setting(
      z
        .string()
        .trim()
        .regex(/^\d+\/\d+$/, {
          error: (issue: Issue) =>
            `CONTACT_RATE_LIMIT must look like "5/10" (5 messages in 10 minutes); found "${String(issue.input)}"`,
        })
        .transform((value) => ({ max: value.split('/')[0] ?? '', minutes: value.split('/')[1] ?? '' }))
        .pipe(
          z.object({
            max: wholeNumber('CONTACT_RATE_LIMIT (messages)', 1, 100_000),
            minutes: wholeNumber('CONTACT_RATE_LIMIT (minutes)', 1, 24 * 60),
          }),
        ),
    ),
    CONTACT_MIN_FILL_SECONDS: setting(wholeNumber('CONTACT_MIN_FILL_SECONDS', 0, 600)),
  })
  .refine((env) => !env.SMTP_URL || env.CONTACT_TO, {
    error: 'CONTACT_TO must be set with SMTP_URL: the address that receives messages',
  })
  .transform((env) => {
    const rate = env.CONTACT_RATE_LIMIT ?? { max: 5, minutes: 10 };
    return {
      ...(env.SMTP_URL && env.CONTACT_TO
        ? { mail: { smtpUrl: env.SMTP_URL, to: env.CONTACT_TO, from: env.CONTACT_FROM ?? env.CONTACT_TO } }
        : {}),
      rateLimit: { max: rate.max, windowMs: rate.minutes * 60_000 },
      minFillMs: (env.CONTACT_MIN_FILL_SECONDS ?? 3) * 1000,
      /** A form older than this must be reloaded (its token is refused). */
      maxFormAgeMs: DAY_MS,
    };
  });

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

/** Where the store, the uploads, the photo cache and the form secret live: DATA_DIR, resolved here, once. */
const storeSettings = z
  .object({ DATA_DIR: setting(z.string()) })
  .transform((env) => ({ dataDir: resolveDataDir(env.DATA_DIR) }));

/**
 * What a server started by `npm run deploy` is told about its release (src/deploy/): the folder of the
 * releases and their status (shown to owners in /Admin), its own commit, and the secret of GitHub's push
 * webhook, which the site answers and hands to the deploy (src/deploy/webhook.ts). Unset under `npm start`.
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
  http: httpSettings,
  /** The content editor's GitHub App (src/lib/keystatic/settings.ts). */
  editor: editorSettings,
});

export type EventsSettings = z.output<typeof eventsSettings>;
export type ContactSettings = z.output<typeof contactSettings>;
export type MailSettings = NonNullable<ContactSettings['mail']>;
export type HttpSettings = z.output<typeof httpSettings>;
export type ServerSettings = z.output<typeof serverSettings>;
export type ReleaseSettings = z.output<typeof releaseSettings>;

type Failure = new (message: string) => SettingsError;

/** The error class of a section of the schema. */
const SECTION_ERRORS: Record<string, Failure> = { events: EventsSettingsError, contact: ContactSettingsError };

/** `input` read with `schema`; throws `failure` (a SettingsError) with every message when it does not fit. */
export function parse<T extends z.ZodType>(schema: T, input: unknown, failure: Failure = SettingsError): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { issues } = result.error;
  const sections = new Set(issues.map((issue) => String(issue.path[0])));
  const [only] = sections;
  const ErrorClass = sections.size === 1 && only ? (SECTION_ERRORS[only] ?? failure) : failure;
  throw new ErrorClass(issues.map((issue) => issue.message).join('\n'));
}

/**
 * Every setting of `env`, checked; throws a SettingsError naming every bad one (an
 * EventsSettingsError or ContactSettingsError when they are all of that section).
 */
export function readServerSettings(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  return parse(
    serverSettings,
    { store: env, release: env, events: env, contact: env, http: env, editor: env },
    SettingsError,
  );
}

/** The events settings of `env`, checked; throws EventsSettingsError naming the bad ones. */
export function readEventsSettings(env: NodeJS.ProcessEnv = process.env): EventsSettings {
  return parse(eventsSettings, env, EventsSettingsError);
}

/** The contact form's settings of `env`, checked; throws ContactSettingsError naming the bad ones. */
export function readContactSettings(env: NodeJS.ProcessEnv = process.env): ContactSettings {
  return parse(contactSettings, env, ContactSettingsError);
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
