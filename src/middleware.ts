/**
 * Runs before every on-demand page and endpoint (prerendered pages are plain files and accept
 * no posts). Refuses cross-site form posts; see src/server/http/originCheck.ts for why this
 * replaces Astro's own `security.checkOrigin`.
 */
import { defineMiddleware } from 'astro:middleware';
import { crossSiteFormResponse, isCrossSiteFormPost } from './server/http/originCheck.ts';

export const onRequest = defineMiddleware((context, next) => {
  if (!context.isPrerendered && isCrossSiteFormPost(context.request, context.url.origin)) {
    return crossSiteFormResponse();
  }
  return next();
});
