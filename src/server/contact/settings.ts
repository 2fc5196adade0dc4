/**
 * The contact form's settings, read once from the environment and checked, so that a mistake
 * stops the server at start with a clear message rather than losing messages later.
 *
 *   SMTP_URL                  e.g. smtps://user:password@mail.example.org:465 (unset: messages are only stored)
 *   CONTACT_TO                where messages are e-mailed (required with SMTP_URL)
 *   CONTACT_FROM              the sender address of those e-mails (default: CONTACT_TO)
 *   CONTACT_RATE_LIMIT        "<messages>/<minutes>" from one network address (default 5/10)
 *   CONTACT_MIN_FILL_SECONDS  faster submissions are taken for bots and dropped (default 3)
 */
import { z } from 'zod';

export interface MailSettings {
  smtpUrl: string;
  to: string;
  from: string;
}

export interface ContactSettings {
  /** Unset: messages are stored only, and staff read them with `npm run messages`. */
  mail?: MailSettings;
  rateLimit: { max: number; windowMs: number };
  minFillMs: number;
  /** A form older than this must be reloaded (its token is refused). */
  maxFormAgeMs: number;
}

export class ContactSettingsError extends Error {}

const email = z.email();

function emailSetting(name: string, value: string): string {
  // "Office <office@example.org>" or a bare address.
  const address = /<([^>]+)>\s*$/.exec(value)?.[1] ?? value;
  if (!email.safeParse(address.trim()).success) {
    throw new ContactSettingsError(`${name} must be an e-mail address such as office@example.org (found "${value}")`);
  }
  return value.trim();
}

function wholeNumber(name: string, value: string, min: number, max: number): number {
  const number = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new ContactSettingsError(`${name} must be a whole number from ${min} to ${max} (found "${value}")`);
  }
  return number;
}

export function readContactSettings(env: NodeJS.ProcessEnv = process.env): ContactSettings {
  let mail: MailSettings | undefined;
  const smtpUrl = env['SMTP_URL']?.trim();
  if (smtpUrl) {
    let url: URL;
    try {
      url = new URL(smtpUrl);
    } catch {
      throw new ContactSettingsError('SMTP_URL must be a URL such as smtps://user:password@mail.example.org:465');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new ContactSettingsError(`SMTP_URL must start with smtp:// or smtps:// (found "${url.protocol}//")`);
    }
    const to = env['CONTACT_TO']?.trim();
    if (!to) throw new ContactSettingsError('CONTACT_TO must be set with SMTP_URL: the address that receives messages');
    mail = {
      smtpUrl,
      to: emailSetting('CONTACT_TO', to),
      from: emailSetting('CONTACT_FROM', env['CONTACT_FROM']?.trim() || to),
    };
  }

  const rate = env['CONTACT_RATE_LIMIT']?.trim() || '5/10';
  const [count = '', minutes = ''] = rate.split('/');
  if (!/^\d+\/\d+$/.test(rate)) {
    throw new ContactSettingsError(
      `CONTACT_RATE_LIMIT must look like "5/10" (5 messages in 10 minutes); found "${rate}"`,
    );
  }
  return {
    ...(mail ? { mail } : {}),
    rateLimit: {
      max: wholeNumber('CONTACT_RATE_LIMIT (messages)', count, 1, 100_000),
      windowMs: wholeNumber('CONTACT_RATE_LIMIT (minutes)', minutes, 1, 24 * 60) * 60_000,
    },
    minFillMs: wholeNumber('CONTACT_MIN_FILL_SECONDS', env['CONTACT_MIN_FILL_SECONDS'] ?? '3', 0, 600) * 1000,
    maxFormAgeMs: 24 * 60 * 60_000,
  };
}
