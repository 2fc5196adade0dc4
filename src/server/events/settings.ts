/**
 * The events settings (EVENTS_API_URL, EVENTS_API_TIMEOUT_MS, EVENTS_API_MAX_BYTES,
 * EVENTS_SAMPLE_DATA), a section of the server's one settings schema (src/server/settings.ts):
 * the society's backend when EVENTS_API_URL is set, else the embedded store in DATA_DIR (the
 * store's own setting, read once by settings.ts).
 */
import { z } from 'zod';
import { parse, setting, SettingsError, webAddress, wholeNumber, type Issue } from '../settingFields.ts';
import { DEFAULT_MAX_ANSWER_BYTES } from './backendFetch.ts';

export class EventsSettingsError extends SettingsError {
  override name = 'EventsSettingsError';
}

const DEFAULT_TIMEOUT_MS = 5000;
const MAX_TIMEOUT_MS = 120_000;
/** The most EVENTS_API_MAX_BYTES may allow: a list larger than 64 MB is not one the site should hold. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

export const eventsSettings = z
  .object({
    EVENTS_API_URL: setting(webAddress('EVENTS_API_URL', 'https://host/Admin/api')),
    EVENTS_API_TIMEOUT_MS: setting(wholeNumber('EVENTS_API_TIMEOUT_MS', 1, MAX_TIMEOUT_MS, ' of milliseconds')),
    EVENTS_API_MAX_BYTES: setting(wholeNumber('EVENTS_API_MAX_BYTES', 1024, MAX_ANSWER_BYTES, ' of bytes')),
    EVENTS_SAMPLE_DATA: setting(
      z
        .string()
        .transform((value) => value.trim().toLowerCase())
        .pipe(
          z.enum(['on', 'off'], {
            error: (issue: Issue) =>
              `EVENTS_SAMPLE_DATA must be "on" or "off" (found "${String(issue.input)}"); "off" starts an empty store without the sample events.`,
          }),
        ),
    ),
  })
  .transform((env) =>
    env.EVENTS_API_URL
      ? {
          kind: 'remote' as const,
          apiUrl: env.EVENTS_API_URL,
          timeoutMs: env.EVENTS_API_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS,
          maxAnswerBytes: env.EVENTS_API_MAX_BYTES ?? DEFAULT_MAX_ANSWER_BYTES,
        }
      : { kind: 'embedded' as const, sampleData: env.EVENTS_SAMPLE_DATA !== 'off' },
  );

export type EventsSettings = z.output<typeof eventsSettings>;

/** The events settings of `env`, checked; throws EventsSettingsError naming the bad ones. */
export function readEventsSettings(env: NodeJS.ProcessEnv = process.env): EventsSettings {
  return parse(eventsSettings, env, EventsSettingsError);
}
