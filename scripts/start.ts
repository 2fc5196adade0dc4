/**
 * `npm start`: builds the site when the build is missing or older than its sources (not in
 * production, NODE_ENV=production, where it only says so), then serves it with one Node process:
 * a Fastify app (src/server/http/siteServer.ts) sending the built files, answering the events API
 * (src/server/api/eventsRoutes.ts) and handing the rest to the handler built by @astrojs/node in
 * middleware mode (on-demand pages, the 404 page).
 * Every setting comes from the environment (HOST, PORT, DATA_DIR, TRUST_PROXY, ...:
 * src/server/settings.ts and the README's configuration tables), read once, here; a mistake in
 * one stops the start with its reason.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILT_SITE_FILE } from '../src/lib/siteUrl.ts';
import { eventsApiRoutes } from '../src/server/api/eventsRoutes.ts';
import { loadPagePolicies } from '../src/server/securityHeaders.ts';
import { createSiteServer } from '../src/server/http/siteServer.ts';
import { startServices } from '../src/server/services.ts';
import { readServerSettings, SettingsError, startupWarnings, type ServerSettings } from '../src/server/settings.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist/server/entry.mjs');
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

function buildIsStale(): boolean {
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  return SOURCES.some((source) => newestChange(path.join(root, source)) > built);
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
// DATA_DIR as the settings resolved it, once; the office's commands run from here see the same path.
const { dataDir } = serverSettings.store;
process.env.DATA_DIR = dataDir;
const { host, port } = settings;

// In production (NODE_ENV=production) the serving process never builds: deployments build first.
if (settings.production && !existsSync(entry)) {
  console.error(`Cannot start: there is no build (${entry}); run "npm run build" first.`);
  process.exit(1);
} else if (settings.production && buildIsStale()) {
  console.warn('Warning: the build is older than its sources; run "npm run build" and restart to serve them.');
} else if (process.argv.includes('--rebuild') || buildIsStale()) {
  console.info('Building the site (the build is missing or older than its sources)...');
  const result = spawnSync('npx', ['astro', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}
const builtSiteFile = path.join(root, 'dist', BUILT_SITE_FILE);
const builtFor = existsSync(builtSiteFile) ? readFileSync(builtSiteFile, 'utf8') : undefined;
for (const warning of startupWarnings(settings, builtFor)) console.warn(`Warning: ${warning}`);

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

// The build's handler (@astrojs/node, middleware mode): it answers every request it is handed.
const built: unknown = await import(pathToFileURL(entry).href);
const handler: unknown = typeof built === 'object' && built !== null ? Reflect.get(built, 'handler') : undefined;
if (typeof handler !== 'function') {
  throw new Error(`${entry} does not export a request handler; rebuild with "npm run build".`);
}
const app = await createSiteServer((request, response) => handler(request, response), {
  healthCheck: () => events.isHealthy(),
  // Each prerendered page's Content-Security-Policy, as Astro wrote it at build (dist/_headers.json).
  pagePolicy: loadPagePolicies(path.join(root, 'dist')),
  trustProxy: settings.trustProxy,
  timeouts: settings.timeouts,
  // Every built file, and the copies compressed at build time (src/integrations/precompress.ts).
  clientDir: path.join(root, 'dist/client'),
  // The events API, answered by Fastify routes rather than Astro (src/server/api/eventsRoutes.ts).
  routes: eventsApiRoutes(events),
});
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
      .then(() => services.close())
      .finally(() => process.exit(0));
  });
}
