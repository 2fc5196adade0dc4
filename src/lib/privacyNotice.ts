/** The privacy notice's placeholders, filled in from the site's settings and content. */
import { RETENTION_PLACEHOLDER } from './content/schemas.ts';

/** "12 months" for 365 days, "2 years" for 730, otherwise "90 days". */
export function describeRetention(days: number): string {
  if (days % 365 === 0) {
    const years = days / 365;
    return years === 1 ? '12 months' : `${years} years`;
  }
  return days === 1 ? '1 day' : `${days} days`;
}

export function fillPrivacyText(text: string, values: { retentionDays: number; email: string }): string {
  return text
    .replaceAll(RETENTION_PLACEHOLDER, describeRetention(values.retentionDays))
    .replaceAll('{email}', values.email);
}
