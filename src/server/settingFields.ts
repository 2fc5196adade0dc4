/**
 * How the settings read a variable of the environment, for every section of the server's schema
 * (settings.ts, events/settings.ts, contact/settings.ts, backup/backupSettings.ts) and the deploy's: unset when
 * blank, whole numbers within bounds, web and e-mail addresses, each wrong value named in a message
 * that says what is expected; and `parse`, which gathers every message into one SettingsError.
 */
import { z } from 'zod';

/** A setting in the environment is not one the site understands. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

export type Issue = { input?: unknown };

/** An environment variable, unset when empty or blank. */
export function setting<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );
}

export function wholeNumber(name: string, min: number, max: number, unit = '') {
  const error = (issue: Issue) =>
    `${name} must be a whole number${unit} from ${min} to ${max} (found "${String(issue.input)}")`;
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }));
}

export function webAddress(name: string, example: string) {
  return z
    .string()
    .trim()
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: (issue: Issue) =>
          `${name} must be a full http:// or https:// address such as "${example}" (found "${String(issue.input)}").`,
      }),
    );
}

const email = z.email();

/** "Office <office@example.org>" or a bare address. */
export function emailAddress(name: string) {
  return z
    .string()
    .trim()
    .refine((value) => email.safeParse((/<([^>]+)>\s*$/.exec(value)?.[1] ?? value).trim()).success, {
      error: (issue: Issue) =>
        `${name} must be an e-mail address such as office@example.org (found "${String(issue.input)}")`,
    });
}

export type Failure = new (message: string) => SettingsError;

/** `input` read with `schema`; throws `ErrorClass` (a SettingsError) with every message when it does not fit. */
export function parse<T extends z.ZodType>(
  schema: T,
  input: unknown,
  ErrorClass: Failure = SettingsError,
): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ErrorClass(result.error.issues.map((issue) => issue.message).join('\n'));
}
