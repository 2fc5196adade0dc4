/**
 * The query of an address of Astro's image endpoint (/_image?href=/_astro/logo.png&w=48&h=48&f=webp, as
 * `getURL` of astro/assets/services/service.js writes it) in one spelling: the key of the table of pictures made at
 * build (src/pages/built-images.json.ts writes it, src/server/builtImages.ts answers from it). A query that is not
 * such an address is refused with the reason, naming only this module's own parameter names.
 */
import { z } from 'zod';

/** The parameters, in the order Astro's image service writes them. */
const PARAMETERS = ['href', 'w', 'h', 'q', 'f', 'fit', 'position', 'background'] as const;

const size = z.string().regex(/^[1-9]\d{0,4}$/, 'must be a whole number from 1 to 99999');
const querySchema = z.strictObject({
  href: z.string().regex(/^\/_astro\/[^/?#\\]+$/, 'must name a picture of the build, under /_astro/'),
  w: size.optional(),
  h: size.optional(),
  q: z
    .string()
    .regex(/^(\d{1,3}|low|mid|high|max)$/, 'must be a number up to 999, or low, mid, high or max')
    .optional(),
  f: z.enum(['avif', 'gif', 'jpeg', 'jpg', 'png', 'svg', 'webp'], { error: 'must be a picture format' }).optional(),
  fit: z
    .enum(['contain', 'cover', 'fill', 'inside', 'none', 'outside', 'scale-down'], { error: 'must be a way to fit' })
    .optional(),
  position: z
    .string()
    .regex(/^[a-z0-9 %-]{1,40}$/i, 'must be a position such as "top left"')
    .optional(),
  background: z
    .string()
    .regex(/^#?[a-z0-9]{1,20}$/i, 'must be a colour such as "#ffffff"')
    .optional(),
});

type ImageQuery = { query: string } | { error: string };

/** `search` (a URL's query, with or without its "?") in Astro's spelling, or why it is not an image address. */
export function canonicalImageQuery(search: string): ImageQuery {
  const params = new URLSearchParams(search);
  const names = [...params.keys()];
  if (new Set(names).size !== names.length) return { error: 'A parameter is given twice.' };
  const parsed = querySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    if (!issue || issue.code === 'unrecognized_keys') {
      return { error: `Unknown parameter: a picture's address has only ${PARAMETERS.join(', ')}.` };
    }
    const name = String(issue.path[0]);
    return { error: issue.code === 'invalid_type' ? `"${name}" is missing.` : `"${name}" ${issue.message}.` };
  }
  const canonical = new URLSearchParams();
  for (const name of PARAMETERS) {
    const value = parsed.data[name];
    if (value !== undefined) canonical.append(name, value);
  }
  return { query: canonical.toString() };
}
