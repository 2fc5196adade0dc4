// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

// Pages are prerendered to static HTML by default (output: 'static'); a page or endpoint
// that needs the server opts out with `export const prerender = false`.
const site = new URL(process.env.SITE_URL ?? 'https://isa-tamilnadu.example.org');

export default defineConfig({
  site: site.href,
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  // Build steps run in this order when the build is done: the search index, then the
  // precompression of every file (the index's own scripts included).
  integrations: [react(), searchIndex(), precompress()],
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  server: { host: '127.0.0.1', port: 4321 },
  // Astro hashes every inline script and style into a Content-Security-Policy (no 'unsafe-inline').
  // Pages that embed a frame add its host with Astro.csp.insertDirective(); the site server sends
  // the policy of prerendered pages as a real header too (see src/server/http/contentSecurityPolicy.ts).
  security: {
    // Cross-site form posts are refused by src/middleware.ts instead: Astro's check also refuses
    // the body-less events_list POST of the events contract (see src/server/http/originCheck.ts).
    checkOrigin: false,
    // Behind a TLS-terminating proxy, trust its X-Forwarded-Host/Proto for the public address only,
    // so that the request's origin (compared with the Origin of form posts) is the public one.
    allowedDomains: [{ hostname: site.hostname, protocol: site.protocol.replace(':', '') }],
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
  vite: { plugins: [shareServerModules()] },
  image: {
    responsiveStyles: true,
  },
});
