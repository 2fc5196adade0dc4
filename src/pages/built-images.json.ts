/**
 * The pictures pages rendered on demand show (src/data/onDemandImages.ts), made at build time: for each, the query
 * of the /_image address such a page names, in one spelling (src/lib/imageEndpointQuery.ts), and the built file
 * that answers it. Prerendered, so each getImage() here makes its file during the build as for any static page; the
 * site server answers /_image from this table only (src/server/builtImages.ts), and no request makes it transform
 * a picture.
 */
import type { APIRoute } from 'astro';
import { getConfiguredImageService, getImage, imageConfig } from 'astro:assets';
import { onDemandImages } from '../data/onDemandImages.ts';
import { canonicalImageQuery } from '../lib/imageEndpointQuery.ts';

export const prerender = true;

export const GET: APIRoute = async ({ logger }) => {
  const service = await getConfiguredImageService();
  if (!('transform' in service)) throw new Error('The image service is not local: nothing would be made at build.');
  const table: Record<string, string> = {};
  const add = async (transform: Parameters<typeof service.getURL>[0], file: string) => {
    // The address the page would name at run time: what the same service makes of the same transform.
    const address = new URL(await service.getURL(transform, imageConfig, logger), 'http://localhost');
    const canonical = canonicalImageQuery(address.search);
    if ('error' in canonical) throw new Error(`${address.pathname}${address.search}: ${canonical.error}`);
    table[canonical.query] = file;
  };
  for (const transform of await onDemandImages()) {
    const made = await getImage(transform);
    await add(made.options, made.src);
    for (const variant of made.srcSet.values) await add(variant.transform, variant.url);
  }
  return Response.json(table);
};
