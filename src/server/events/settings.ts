/**
 * The events settings in the environment, checked once when the events source is made, so that
 * a mistake stops the start with a message naming the setting instead of misbehaving later
 * (a timeout of NaN, sample events loaded into production by a typo):
 * - EVENTS_API_URL: the society's backend, a full http:// or https:// address;
 * - EVENTS_API_TIMEOUT_MS: whole milliseconds per call to it, 1 to 120000 (default 5000);
 * - EVENTS_SAMPLE_DATA: "on" (default) or "off";
 * - DATA_DIR: the embedded store's folder (default ./data).
 */
import { resolveDataDir } from '../database.ts';

/** A setting in the environment is not one the site understands. */
export class EventsSettingsError extends Error {
  override name = 'EventsSettingsError';
}

export type EventsSettings =
  { kind: 'remote'; apiUrl: string; timeoutMs: number } | { kind: 'embedded'; dataDir: string; sampleData: boolean };

export const DEFAULT_TIMEOUT_MS = 5000;
export const MAX_TIMEOUT_MS = 120_000;

function isWebAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The events settings of `env`, checked; throws EventsSettingsError naming the first bad one. */
export function readEventsSettings(env: NodeJS.ProcessEnv = process.env): EventsSettings {
  const sample = (env['EVENTS_SAMPLE_DATA'] ?? '').trim().toLowerCase();
  if (!['', 'on', 'off'].includes(sample)) {
    throw new EventsSettingsError(
      `EVENTS_SAMPLE_DATA must be "on" or "off" (found "${env['EVENTS_SAMPLE_DATA']}"); "off" starts an empty store without the sample events.`,
    );
  }
  const apiUrl = env['EVENTS_API_URL']?.trim();
  if (!apiUrl) {
    return { kind: 'embedded', dataDir: resolveDataDir(env['DATA_DIR']), sampleData: sample !== 'off' };
  }
  if (!isWebAddress(apiUrl)) {
    throw new EventsSettingsError(
      `EVENTS_API_URL must be a full http:// or https:// address such as "https://host/Admin/api" (found "${apiUrl}").`,
    );
  }
  const rawTimeout = env['EVENTS_API_TIMEOUT_MS']?.trim() || String(DEFAULT_TIMEOUT_MS);
  const timeoutMs = Number(rawTimeout);
  if (!/^\d+$/.test(rawTimeout) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new EventsSettingsError(
      `EVENTS_API_TIMEOUT_MS must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (found "${env['EVENTS_API_TIMEOUT_MS']}").`,
    );
  }
  return { kind: 'remote', apiUrl, timeoutMs };
}
