// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Pages are prerendered to static HTML by default (output: 'static'); a page or endpoint
// that needs the server opts out with `export const prerender = false`.
export default defineConfig({
  site: process.env.SITE_URL ?? 'https://isa-tamilnadu.example.org',
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  server: { host: '127.0.0.1', port: 4321 },
  // Astro hashes every inline script and style into a Content-Security-Policy (no 'unsafe-inline').
  // Pages that embed a frame add its host with Astro.csp.insertDirective(); the site server sends
  // the policy of prerendered pages as a real header too (see src/server/http/contentSecurityPolicy.ts).
  security: {
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
  image: {
    responsiveStyles: true,
  },
});
