/**
 * The contact form's settings (SMTP_URL, CONTACT_TO, CONTACT_FROM, CONTACT_RATE_LIMIT,
 * CONTACT_MIN_FILL_SECONDS), a section of the server's one settings schema (src/server/settings.ts):
 * where messages are mailed, if anywhere, how many one address may send, and how soon.
 */
import { z } from 'zod';
import { emailAddress, setting, wholeNumber, type Issue } from '../settingFields.ts';

const DAY_MS = 24 * 60 * 60_000;

function protocolOf(value: unknown): string {
  return URL.canParse(String(value)) ? new URL(String(value)).protocol : '';
}

export const contactSettings = z
  .object({
    SMTP_URL: setting(
      z
        .string()
        .trim()
        .refine((value) => URL.canParse(value), {
          error: 'SMTP_URL must be a URL such as smtps://user:password@mail.example.org:465',
          abort: true,
        })
        .refine((value) => /^smtps?:$/.test(protocolOf(value)), {
          error: (issue: Issue) =>
            `SMTP_URL must start with smtp:// or smtps:// (found "${protocolOf(issue.input)}//")`,
        }),
    ),
    CONTACT_TO: setting(emailAddress('CONTACT_TO')),
    CONTACT_FROM: setting(emailAddress('CONTACT_FROM')),
    CONTACT_RATE_LIMIT: setting(
      z
        .string()
        .trim()
        .regex(/^\d+\/\d+$/, {
          error: (issue: Issue) =>
            `CONTACT_RATE_LIMIT must look like "5/10" (5 messages in 10 minutes); found "${String(issue.input)}"`,
        })
        .transform((value) => ({ max: value.split('/')[0] ?? '', minutes: value.split('/')[1] ?? '' }))
        .pipe(
          z.object({
            max: wholeNumber('CONTACT_RATE_LIMIT (messages)', 1, 100_000),
            minutes: wholeNumber('CONTACT_RATE_LIMIT (minutes)', 1, 24 * 60),
          }),
        ),
    ),
    CONTACT_MIN_FILL_SECONDS: setting(wholeNumber('CONTACT_MIN_FILL_SECONDS', 0, 600)),
  })
  .refine((env) => !env.SMTP_URL || env.CONTACT_TO, {
    error: 'CONTACT_TO must be set with SMTP_URL: the address that receives messages',
  })
  .transform((env) => {
    const rate = env.CONTACT_RATE_LIMIT ?? { max: 5, minutes: 10 };
    return {
      ...(env.SMTP_URL && env.CONTACT_TO
        ? { mail: { smtpUrl: env.SMTP_URL, to: env.CONTACT_TO, from: env.CONTACT_FROM ?? env.CONTACT_TO } }
        : {}),
      rateLimit: { max: rate.max, windowMs: rate.minutes * 60_000 },
      minFillMs: (env.CONTACT_MIN_FILL_SECONDS ?? 3) * 1000,
      /** A form older than this must be reloaded (its token is refused). */
      maxFormAgeMs: DAY_MS,
    };
  });

export type ContactSettings = z.output<typeof contactSettings>;
export type MailSettings = NonNullable<ContactSettings['mail']>;
