import { describe, expect, it } from 'vitest';
import { EventsSettingsError, readEventsSettings } from '../../../src/server/events/settings.ts';

describe('readEventsSettings', () => {
  it.each([
    [{}, { kind: 'embedded', sampleData: true }],
    [
      { DATA_DIR: '/srv/isa', EVENTS_SAMPLE_DATA: 'off' },
      { kind: 'embedded', sampleData: false },
    ],
    [
      { DATA_DIR: '/srv/isa', EVENTS_SAMPLE_DATA: 'OFF' },
      { kind: 'embedded', sampleData: false },
    ],
    [
      { DATA_DIR: '/srv/isa', EVENTS_SAMPLE_DATA: 'on' },
      { kind: 'embedded', sampleData: true },
    ],
    [
      { EVENTS_API_URL: 'http://host/Admin/api' },
      { kind: 'remote', apiUrl: 'http://host/Admin/api', timeoutMs: 5000, maxAnswerBytes: 4 * 1024 * 1024 },
    ],
    [
      { EVENTS_API_URL: 'https://host/Admin/api', EVENTS_API_TIMEOUT_MS: ' 2500 ', EVENTS_API_MAX_BYTES: '1048576' },
      { kind: 'remote', apiUrl: 'https://host/Admin/api', timeoutMs: 2500, maxAnswerBytes: 1048576 },
    ],
    [
      { EVENTS_API_URL: 'https://host/Admin/api', EVENTS_API_TIMEOUT_MS: '' },
      { kind: 'remote', apiUrl: 'https://host/Admin/api', timeoutMs: 5000, maxAnswerBytes: 4 * 1024 * 1024 },
    ],
    [
      { EVENTS_API_URL: '', DATA_DIR: '/srv/isa' },
      { kind: 'embedded', sampleData: true },
    ],
  ])('%j -> %j', (env, expected) => {
    expect(readEventsSettings(env)).toEqual(expected);
  });

  it.each([
    [
      { EVENTS_API_URL: 'http://host/Admin/api', EVENTS_API_TIMEOUT_MS: 'five seconds' },
      /EVENTS_API_TIMEOUT_MS .*"five seconds"/,
    ],
    [{ EVENTS_API_URL: 'http://host/Admin/api', EVENTS_API_TIMEOUT_MS: '5s' }, /EVENTS_API_TIMEOUT_MS/],
    [{ EVENTS_API_URL: 'http://host/Admin/api', EVENTS_API_TIMEOUT_MS: '0' }, /EVENTS_API_TIMEOUT_MS/],
    [{ EVENTS_API_URL: 'http://host/Admin/api', EVENTS_API_TIMEOUT_MS: '-100' }, /EVENTS_API_TIMEOUT_MS/],
    [{ EVENTS_API_URL: 'http://host/Admin/api', EVENTS_API_TIMEOUT_MS: '1.5' }, /EVENTS_API_TIMEOUT_MS/],
    [{ EVENTS_API_URL: 'http://host/Admin/api', EVENTS_API_TIMEOUT_MS: '999999999' }, /EVENTS_API_TIMEOUT_MS/],
    [{ EVENTS_API_URL: 'http://host/Admin/api', EVENTS_API_MAX_BYTES: '4 MB' }, /EVENTS_API_MAX_BYTES/],
    [{ EVENTS_API_URL: 'http://host/Admin/api', EVENTS_API_MAX_BYTES: '999999999999' }, /EVENTS_API_MAX_BYTES/],
    [{ EVENTS_API_URL: 'host/Admin/api' }, /EVENTS_API_URL must be a full http/],
    [{ EVENTS_API_URL: 'ftp://host/Admin/api' }, /EVENTS_API_URL must be a full http/],
    [{ EVENTS_SAMPLE_DATA: 'of' }, /EVENTS_SAMPLE_DATA must be "on" or "off" \(found "of"\)/],
  ])('%j stops the start with a message naming the setting', (env, message) => {
    expect(() => readEventsSettings(env)).toThrow(EventsSettingsError);
    expect(() => readEventsSettings(env)).toThrow(message);
  });
});
