// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import keystatic from '@keystatic/astro';
import { defineConfig } from 'astro/config';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { BUILD_INFO_FILE, siteUrlOf } from './src/lib/siteUrl.ts';
import { devEventsApi } from './src/integrations/devEventsApi.ts';
import { noImageTransforms } from './src/integrations/noImageTransforms/index.ts';
import { precompress } from './src/integrations/precompress.ts';
import { searchIndex } from './src/integrations/searchIndex.ts';

const serverDir = fileURLToPath(new URL('./src/server/', import.meta.url));

/**
 * The server's state lives once. `npm start` (scripts/start.ts) runs src/server/ with Node's own
 * TypeScript support and hands requests to the built handler; if the build bundled its own copy
 * of src/server/, the serving process would hold two of everything stateful (SQLite connections,
 * rate limiters, caches, sessions). So the server build leaves src/server/ out of its bundles and
 * imports those files at run time, as the same modules scripts/start.ts imports: one instance each.
 * The imports name them through package.json's "imports" (`#server/...`), so the build can move.
 * (src/server/ is plain, erasable TypeScript with no Vite-only imports; `astro dev` bundles as usual.)
 * @returns {import('vite').Plugin}
 */
function shareServerModules() {
  return {
    name: 'isa:share-server-modules',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment.config.consumer !== 'server' || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.startsWith(serverDir)) return null;
      return { id: `#server/${path.relative(serverDir, resolved.id).split(path.sep).join('/')}`, external: true };
    },
  };
}

/**
 * Writes what the build is made for into it: the public address it names (canonical links,
 * structured data, the sitemap) and where its content editor saves (keystatic.config.ts: `github`
 * with PUBLIC_KEYSTATIC_GITHUB_REPO, from the environment or .env as Vite reads it), so that
 * `npm start` can warn when it runs with another SITE_URL, or with the editor's GitHub settings
 * but a build without GitHub mode (its /keystatic would answer 404).
 * @param {URL} site
 * @returns {import('astro').AstroIntegration}
 */
function recordBuild(site) {
  /** @type {URL | undefined} */
  let outDir;
  const { PUBLIC_KEYSTATIC_GITHUB_REPO: repo } = loadEnv('production', process.cwd(), 'PUBLIC_');
  return {
    name: 'isa:record-build',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:build:done': () => {
        if (!outDir) return;
        mkdirSync(outDir, { recursive: true });
        const record = { site: site.href, editor: repo ? 'github' : 'local' };
        writeFileSync(new URL(BUILD_INFO_FILE, outDir), `${JSON.stringify(record)}\n`);
      },
    },
  };
}

// Pages are prerendered to static HTML by default (output: 'static'); a page or endpoint
// that needs the server opts out with `export const prerender = false`.
// Absolute URLs come from the public address only (src/lib/siteUrl.ts), never from a request.
const site = siteUrlOf(process.env.SITE_URL);

export default defineConfig({
  site: site.href,
  output: 'static',
  // staticHeaders: the policy of each prerendered page (security.csp below) goes to
  // dist/_headers.json, which the site server sends as a header (src/server/securityHeaders.ts),
  // instead of a <meta http-equiv> tag, which cannot carry frame-ancestors.
  adapter: node({ mode: 'middleware', staticHeaders: true }),
  // Build steps run in this order when the build is done: the search index, then the
  // precompression of every file (the index's own scripts included).
  // keystatic(): the content editor at /keystatic and its API at /api/keystatic (on-demand routes;
  // src/middleware.ts answers 404 for both unless src/lib/keystatic/access.ts allows them).
  // devEventsApi(): the events API under astro dev only (the built site's server answers it itself).
  integrations: [
    react(),
    keystatic(),
    devEventsApi(),
    noImageTransforms(),
    recordBuild(site),
    searchIndex(),
    precompress(),
  ],
  // Every page's styles are in its HTML: a phone starts painting after one round trip, not two
  // (the stylesheets blocked the first paint, and so the largest one, by about 300 ms on slow 4G).
  build: { inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  server: { host: '127.0.0.1', port: 4321 },
  // Astro hashes every inline script and style into a Content-Security-Policy (no 'unsafe-inline').
  // Pages that embed a frame add its host with Astro.csp.insertDirective(); the site server sends
  // the policy of prerendered pages as a header (see policyFor in src/server/securityHeaders.ts).
  security: {
    // Astro refuses a form post (or a body-less POST) to a page, endpoint or action whose Origin is not the
    // request's; the site server hands Astro every request as one for the public origin, SITE_URL's, whatever
    // Host it came with (src/server/http/forwardedHeaders.ts), so this is the one origin rule of what Astro serves.
    checkOrigin: true,
    // The largest body an action reads: a contact message is far smaller, even with every character escaped.
    actionBodySizeLimit: 64 * 1024,
    // Which proxies are believed is decided by the site server, not here: it resolves the client's
    // address once per request with TRUST_PROXY (Fastify's trustProxy, src/server/http/forwardedHeaders.ts)
    // and replaces X-Forwarded-For by that one address. Astro believes forwarded headers only for hosts
    // matching this list (for `clientAddress` it reads the leftmost X-Forwarded-For), so the list matches
    // every host: `clientAddress` is then the address the site server resolved. Only `npm start`
    // (scripts/start.ts) may serve the build: the bare entry has no such filter.
    allowedDomains: [{}],
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  // No Markdown here has code to highlight: Shiki (Astro's default) would add inline styles the policy refuses.
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [shareServerModules()],
    // The one chunk over Vite's 500 kB warning is the content editor's own (Keystatic's, 2.8 MB), loaded at
    // /keystatic only, by editors; visitors' pages load none of it (npm run budget watches theirs).
    build: { chunkSizeWarningLimit: 3000 },
  },
  image: {
    responsiveStyles: true,
  },
});
