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
  image: {
    responsiveStyles: true,
  },
});
