/**
 * zod for code that runs in the browser, where the Content-Security-Policy forbids eval (no
 * 'unsafe-eval'). By default zod tries `new Function('')` when it builds an object schema, to
 * compile faster parsers; the policy blocks it, and although zod catches that, the browser
 * reports a policy violation (Lighthouse: "Issues were logged"). Jitless, zod never tries.
 * Import `z` from here in modules that islands use: imports run first, so the setting is in
 * place before any schema is built.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
