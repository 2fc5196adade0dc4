import { describe, expect, it } from 'vitest';
import { SettingsError } from '../../../src/server/settingFields.ts';
import { readServerSettings } from '../../../src/server/settings.ts';

const readContactSettings = (env: NodeJS.ProcessEnv) => readServerSettings(env).contact;

describe("the contact form's settings", () => {
  it('stores only, 5 messages in 10 minutes and 3 seconds by default', () => {
    expect(readContactSettings({})).toEqual({
      rateLimit: { max: 5, windowMs: 600_000 },
      minFillMs: 3000,
      maxFormAgeMs: 86_400_000,
    });
  });

  it('mails when SMTP_URL and CONTACT_TO are set; the sender defaults to CONTACT_TO', () => {
    const settings = readContactSettings({ SMTP_URL: 'smtp://127.0.0.1:2525', CONTACT_TO: 'office@example.org' });
    expect(settings.mail).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      to: 'office@example.org',
      from: 'office@example.org',
    });
  });

  it('reads the rate limit and the minimum fill time', () => {
    const settings = readContactSettings({ CONTACT_RATE_LIMIT: '2/30', CONTACT_MIN_FILL_SECONDS: '0' });
    expect(settings.rateLimit).toEqual({ max: 2, windowMs: 1_800_000 });
    expect(settings.minFillMs).toBe(0);
  });

  it.each([
    [{ SMTP_URL: 'smtp://127.0.0.1:25' }, /CONTACT_TO must be set/],
    [{ SMTP_URL: 'http://mail.example.org', CONTACT_TO: 'office@example.org' }, /smtp:\/\/ or smtps:\/\//],
    [{ SMTP_URL: 'not a url', CONTACT_TO: 'office@example.org' }, /SMTP_URL must be a URL/],
    [{ SMTP_URL: 'smtp://h', CONTACT_TO: 'office' }, /CONTACT_TO must be an e-mail address/],
    [{ SMTP_URL: 'smtp://h', CONTACT_TO: 'office@example.org', CONTACT_FROM: 'Web <web>' }, /CONTACT_FROM/],
    [{ CONTACT_RATE_LIMIT: 'five' }, /CONTACT_RATE_LIMIT must look like "5\/10"/],
    [{ CONTACT_RATE_LIMIT: '0/10' }, /messages\) must be a whole number from 1/],
    [{ CONTACT_MIN_FILL_SECONDS: '2.5' }, /CONTACT_MIN_FILL_SECONDS must be a whole number/],
  ])('refuses %o', (env, message) => {
    expect(() => readContactSettings(env)).toThrow(SettingsError);
    expect(() => readContactSettings(env)).toThrow(message);
  });
});
