/**
 * The events settings (EVENTS_API_URL, EVENTS_API_TIMEOUT_MS, EVENTS_SAMPLE_DATA, DATA_DIR):
 * their checks and messages are part of the server's one settings schema, src/server/settings.ts.
 */
export { EventsSettingsError, readEventsSettings } from '../settings.ts';
