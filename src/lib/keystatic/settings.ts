/**
 * The content editor's settings for `github` mode, read from the environment at start with the
 * server's other settings (src/server/settings.ts): the GitHub App's client id and secret, the
 * secret that signs the editor's session cookies and the App's slug. All four or none: without
 * them a production server answers 404 under /keystatic (src/lib/keystatic/access.ts).
 */
import { z } from 'zod';

const EDITOR_VARIABLES = [
  'KEYSTATIC_GITHUB_CLIENT_ID',
  'KEYSTATIC_GITHUB_CLIENT_SECRET',
  'KEYSTATIC_SECRET',
  'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG',
] as const;

/** Keystatic signs its cookies with this; shorter secrets are guessable. */
const MIN_SECRET_LENGTH = 32;

const present = (value: unknown) => typeof value === 'string' && value.trim() !== '';

export const editorSettings = z
  .looseObject({})
  .transform((env: Record<string, unknown>) => {
    const set = EDITOR_VARIABLES.filter((name) => present(env[name]));
    return { set, env };
  })
  .superRefine(({ set, env }, context) => {
    if (set.length === 0) return;
    const missing = EDITOR_VARIABLES.filter((name) => !set.includes(name));
    if (missing.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `the content editor needs all of ${EDITOR_VARIABLES.join(', ')}; missing: ${missing.join(', ')} (or leave all of them unset to turn the editor off)`,
      });
    }
    const secret = env['KEYSTATIC_SECRET'];
    if (typeof secret === 'string' && present(secret) && secret.trim().length < MIN_SECRET_LENGTH) {
      context.addIssue({
        code: 'custom',
        message: `KEYSTATIC_SECRET must be at least ${MIN_SECRET_LENGTH} characters (for example the output of "openssl rand -hex 32")`,
      });
    }
  })
  .transform(({ set }) => ({ github: set.length === EDITOR_VARIABLES.length }));
