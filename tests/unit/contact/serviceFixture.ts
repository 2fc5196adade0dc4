/**
 * What the contact service's unit tests share: the site's secret for form tokens, the moment the tests start at
 * (a test clock begins here) and the settings of a site as it ships (five messages in ten minutes from a
 * network, a form filled in no faster than three seconds and sent within a day).
 */
import type { ContactSettings } from '../../../src/server/contact/settings.ts';

export const SECRET = Buffer.from('a-test-secret-that-is-long-enough-123456');
export const START = Date.UTC(2026, 10, 22, 10, 0, 0);
export const SETTINGS: ContactSettings = {
  rateLimit: { max: 5, windowMs: 10 * 60_000 },
  minFillMs: 3000,
  maxFormAgeMs: 24 * 60 * 60_000,
};
