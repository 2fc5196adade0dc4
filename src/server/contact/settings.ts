/**
 * The contact form's settings (SMTP_URL, CONTACT_TO, CONTACT_FROM, CONTACT_RATE_LIMIT,
 * CONTACT_MIN_FILL_SECONDS): their checks and messages are part of the server's one settings
 * schema, src/server/settings.ts.
 */
export { ContactSettingsError, readContactSettings, type ContactSettings, type MailSettings } from '../settings.ts';
