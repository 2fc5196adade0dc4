/**
 * Astro middleware: answers rendered on demand get an ETag and a 304 on a match (see
 * src/server/http/conditionalRequests.ts). Prerendered pages are files by then, served with
 * their own validators, so the build leaves them alone.
 */
import { defineMiddleware } from 'astro:middleware';
import { withEntityTag } from './server/http/conditionalRequests.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  return context.isPrerendered ? response : withEntityTag(context.request, response);
});
