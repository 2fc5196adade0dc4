/**
 * The site's image endpoint (/_image) in the built server: Astro's own for Node, with its answers
 * kept in memory (src/lib/keptImageAnswers.ts says why and how). Put in place by ./index.ts.
 */
import { GET as transform } from 'astro/assets/endpoint/node';
import type { APIRoute } from 'astro';
import { keepImageAnswers } from '../../lib/keptImageAnswers.ts';

export const GET: APIRoute = keepImageAnswers(transform);
