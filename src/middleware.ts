/**
 * Runs for every request the server renders on demand (prerendered pages are plain files).
 * A fixed route reached with other letter case, such as /Past-Webinars, gets a permanent
 * redirect to its one canonical spelling, keeping the query string.
 */
import { defineMiddleware } from 'astro:middleware';
import { canonicalSpelling } from './lib/routes.ts';

export const onRequest = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  const canonical = canonicalSpelling(context.url.pathname);
  if (canonical) {
    return new Response(null, {
      status: 301,
      headers: { Location: `${canonical}${context.url.search}` },
    });
  }
  return next();
});
