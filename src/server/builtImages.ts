/**
 * GET /_image on the site server: the pictures pages rendered on demand name there, each a file the build made,
 * found in the build's table (src/pages/built-images.json.ts writes it). Astro's own endpoint at this address
 * transforms whatever a stranger asks for (an AVIF of any size cost 2 to 7 s of CPU a request, and seven connections
 * took a page from 10 ms to 1.2 s); here an address of the table gets its file from @fastify/static (ETag, 304s,
 * cached as the build's other hashed files), a well-formed one that is not in it 404, anything else 400 with the
 * reason. Nothing is transformed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { canonicalImageQuery } from '../lib/imageEndpointQuery.ts';

/** The table in the build's client folder: /_image queries to the files under /_astro/ that answer them. */
export const BUILT_IMAGES_FILE = 'built-images.json';

const tableSchema = z.record(z.string(), z.string().regex(/^\/_astro\/[^/]+$/));

/** The table of the build in `clientDir`; empty when the build has none. */
function readTable(clientDir: string): Map<string, string> {
  const file = path.join(clientDir, BUILT_IMAGES_FILE);
  if (!existsSync(file)) return new Map();
  const parsed = tableSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a table of built pictures: ${z.prettifyError(parsed.error)}`);
  return new Map(Object.entries(parsed.data));
}

const refuse = (reply: FastifyReply, status: number, text: string) =>
  void reply.code(status).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(text);

/** The /_image routes (needs @fastify/static registered with `clientDir` as its root, for `reply.sendFile`). */
export function builtImageRoutes(clientDir: string): FastifyPluginAsync {
  const table = readTable(clientDir);
  return async (app) => {
    for (const url of ['/_image', '/_image/']) {
      app.get(url, (request, reply) => {
        const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        const canonical = canonicalImageQuery(search);
        if ('error' in canonical) return refuse(reply, 400, canonical.error);
        const file = table.get(canonical.query);
        if (!file) return refuse(reply, 404, 'No such picture: only the pictures the pages show are made.');
        void reply.sendFile(file);
      });
    }
  };
}
