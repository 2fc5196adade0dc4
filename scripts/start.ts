/**
 * `npm start`: builds the site when the build is missing or older than its sources (not in
 * production, NODE_ENV=production, where it only says so), then serves it with one Node process:
 * a Fastify app (src/server/http/siteServer.ts) sending the built files, answering the events API
 * (src/server/api/eventsRoutes.ts) and handing the rest to the handler built by @astrojs/node in
 * middleware mode (on-demand pages, the 404 page).
 * Every setting comes from the environment (HOST, PORT, DATA_DIR, TRUST_PROXY, ...:
 * src/server/settings.ts and the tables of docs/operations.md, "Settings"), read once, here; a mistake in
 * one stops the start with its reason.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FIXED_ROUTES } from '../src/lib/routes.ts';
import { editorMismatch } from '../src/lib/keystatic/access.ts';
import { BUILD_INFO_FILE, parseBuildInfo } from '../src/lib/siteUrl.ts';
import { notifyOwners } from '../src/server/admin/ownerNotices.ts';
import { eventsApiRoutes } from '../src/server/api/eventsRoutes.ts';
import { githubWebhook } from '../src/server/release/deployWebhook.ts';
import { serveRelease, tellDeploy, underDeploy } from '../src/server/release/serveRelease.ts';
import { loadPagePolicies } from '../src/server/securityHeaders.ts';
import { createSiteServer } from '../src/server/http/siteServer.ts';
import { startServices } from '../src/server/services.ts';
import { startBackgroundTasks } from '../src/server/system/backgroundTasks.ts';
import { SettingsError } from '../src/server/settingFields.ts';
import { readServerSettings, startupWarnings, type ServerSettings } from '../src/server/settings.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = 'server/entry.mjs';
const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'package.json'];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** The build this server serves: dist/, as `npm run build` (astro build) makes it, or as a release holds it. */
const built = path.join(root, 'dist');

function buildIsStale(): boolean {
  if (!existsSync(path.join(built, ENTRY))) return true;
  const builtAt = statSync(path.join(built, ENTRY)).mtimeMs;
  return SOURCES.some((source) => newestChange(path.join(root, source)) > builtAt);
}

/** A mistake in the settings stops the start with its reason, without a stack trace. */
function stopOnSettingsError(error: unknown): never {
  if (!(error instanceof SettingsError)) throw error;
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
}

// Relative paths in the settings (DATA_DIR) are the project folder's, wherever the process is started from.
process.chdir(root);
let serverSettings: ServerSettings;
try {
  serverSettings = readServerSettings(process.env);
} catch (error) {
  stopOnSettingsError(error);
}
const settings = serverSettings.http;
// DATA_DIR as the settings resolved it, once; it goes on as this value (the services get it with the settings).
const { dataDir } = serverSettings.store;
const { host, port } = settings;

// In production (NODE_ENV=production) the serving process never builds: releases are built in CI.
if (settings.production && !existsSync(path.join(built, ENTRY))) {
  console.error(`Cannot start: there is no build (${path.join(built, ENTRY)}); run "npm run build" first.`);
  process.exit(1);
} else if (!settings.production && (process.argv.includes('--rebuild') || buildIsStale())) {
  console.info('Building the site (the build is missing or older than its sources)...');
  const result = spawnSync('npx', ['astro', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}
const entry = path.join(built, ENTRY);
const buildInfoFile = path.join(built, BUILD_INFO_FILE);
const buildInfo = parseBuildInfo(existsSync(buildInfoFile) ? readFileSync(buildInfoFile, 'utf8') : undefined);
const editorWarning = editorMismatch({
  storage: buildInfo.editor ?? 'local',
  env: process.env,
  dev: false,
});
for (const warning of [...startupWarnings(settings, buildInfo.site), ...(editorWarning ? [editorWarning] : [])]) {
  console.warn(`Warning: ${warning}`);
}

// The services (one store connection, the events source, the contact service) are made now, with
// the settings read above, so that a first start loads the sample events (and says so) at once.
// The pages reach these same ones through getServices(): the build imports src/server/ at run
// time rather than bundling a copy of it (see astro.config.mjs).
const services = await startServices(serverSettings).catch(stopOnSettingsError);
const { events, contact } = services;

// Contact messages: retry queued e-mails and delete expired messages every minute.
contact.startMaintenance();
console.info(
  contact.mailsMessages
    ? 'Contact messages are stored and e-mailed to the office.'
    : 'Contact messages are stored only (no SMTP_URL); staff read them under Messages in /Admin.',
);

// The first owner's setup link while there is no account, the scheduled backups, the owners' alerts.
const stopBackgroundTasks = startBackgroundTasks({
  services,
  production: settings.production,
  say: (line) => console.info(line),
  warn: (line) => console.warn(`Warning: ${line}`),
});

// Whether `npm run deploy` runs this server as a release (src/server/release/serveRelease.ts).
const { commit, webhookSecret } = serverSettings.release;
const deployed = underDeploy(commit);

// The build's handler (@astrojs/node, middleware mode): it answers every request it is handed.
const entryModule: unknown = await import(pathToFileURL(entry).href);
const handler: unknown =
  typeof entryModule === 'object' && entryModule !== null ? Reflect.get(entryModule, 'handler') : undefined;
if (typeof handler !== 'function') {
  throw new Error(`${entry} does not export a request handler; rebuild with "npm run build".`);
}
const app = await createSiteServer((request, response) => handler(request, response), {
  healthCheck: () => events.isHealthy(),
  // Each prerendered page's Content-Security-Policy, as Astro wrote it at build (dist/_headers.json).
  pagePolicy: loadPagePolicies(built),
  trustProxy: settings.trustProxy,
  publicOrigin: services.publicOrigin,
  timeouts: settings.timeouts,
  // Every built file, and the copies compressed at build time (src/integrations/precompress.ts).
  clientDir: path.join(built, 'client'),
  // The events API, answered by Fastify routes rather than Astro (src/server/api/eventsRoutes.ts), and
  // under `npm run deploy`, GitHub's release webhook when it has a secret (src/server/release/deployWebhook.ts).
  routes: async (server) => {
    await server.register(eventsApiRoutes(events, services.publicOrigin));
    if (deployed && webhookSecret)
      await server.register(githubWebhook(webhookSecret, (delivery) => tellDeploy({ type: 'check', delivery })));
  },
});

if (deployed) {
  // A release of `npm run deploy` (src/deploy/): checked on a private port, then handed the site's port.
  await serveRelease(app, {
    host,
    port,
    routes: FIXED_ROUTES,
    notifyOwners: (subject, text) => notifyOwners(services.admin, subject, text),
    close: () => {
      stopBackgroundTasks();
      return services.close();
    },
  });
  console.info(
    `Release ${commit?.slice(0, 7)} started (data in ${dataDir}); the deploy checks it, then moves visitors to it.`,
  );
} else {
  await app.listen({ port, host });
  console.info(`Serving the site on http://${host}:${port} (data in ${dataDir})`);
  console.info(`Client addresses: ${settings.trustProxy.description}.`);
  // Graceful shutdown: Fastify's close stops listening, closes idle connections and waits for the
  // requests in flight; then the store is closed.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      console.info(`${signal}: finishing requests in flight, then stopping.`);
      void app
        .close()
        .then(() => {
          stopBackgroundTasks();
          return services.close();
        })
        .finally(() => process.exit(0));
    });
  }
}
