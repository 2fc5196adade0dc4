import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTACT_RETENTION_DAYS, HELD_RETENTION_DAYS } from '../../../src/lib/contactForm.ts';
import { describeRetention, fillPrivacyText } from '../../../src/lib/privacyNotice.ts';

describe('the privacy notice', () => {
  it.each([
    [365, '12 months'],
    [730, '2 years'],
    [90, '90 days'],
    [1, '1 day'],
  ])('describes %i days as "%s"', (days, text) => {
    expect(describeRetention(days)).toBe(text);
  });

  it('fills in the retention period and the office e-mail', () => {
    expect(
      fillPrivacyText('Kept for {retention}; write to {email}.', { retentionDays: 365, email: 'office@example.org' }),
    ).toBe('Kept for 12 months; write to office@example.org.');
  });

  it('the site keeps messages for the period the notice states (12 months)', () => {
    expect(describeRetention(CONTACT_RETENTION_DAYS)).toBe('12 months');
    expect(readFileSync('content/privacy.yaml', 'utf8')).toContain('{retention}');
  });

  it('says that messages held as possible spam are deleted after the site’s 30 days', () => {
    expect(HELD_RETENTION_DAYS).toBe(30);
    expect(readFileSync('content/privacy.yaml', 'utf8')).toMatch(/possible spam[^.]*deleted after 30 days/);
  });
});
