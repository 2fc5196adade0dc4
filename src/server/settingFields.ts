/**
 * How the settings read a variable of the environment, for every section of the server's schema
 * (settings.ts, events/settings.ts, contact/settings.ts), the backups' and the deploy's: unset when
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

/**
 * `input` read with `schema`; throws `failure` (a SettingsError) with every message when it does not fit, or
 * the error class `sections` gives the one section of an object schema that every wrong setting is in.
 */
export function parse<T extends z.ZodType>(
  schema: T,
  input: unknown,
  failure: Failure = SettingsError,
  sections: Readonly<Record<string, Failure>> = {},
): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { issues } = result.error;
  const named = new Set(issues.map((issue) => String(issue.path[0])));
  const [only] = named;
  const ErrorClass = named.size === 1 && only ? (sections[only] ?? failure) : failure;
  throw new ErrorClass(issues.map((issue) => issue.message).join('\n'));
}
