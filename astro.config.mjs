// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Pages are prerendered to static HTML by default (output: 'static'); a page or endpoint
// that needs the server opts out with `export const prerender = false`.
const site = new URL(process.env.SITE_URL ?? 'https://isa-tamilnadu.example.org');

export default defineConfig({
  site: site.href,
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
  image: {
    responsiveStyles: true,
  },
});
