import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StatusFile } from '../../../src/deploy/statusFile.ts';
import { openFailure, readDeployStatus } from '../../../src/server/release/releaseStatus.ts';
import { notLiveNotice, statusText } from '../../../src/server/release/statusWords.ts';

const hash = (n: number) => n.toString(16).padStart(2, '0').repeat(20);
const release = (n: number) => ({ commit: hash(n), subject: `Change ${n}`, builtAt: '2026-11-26T08:00:00.000Z' });
const folder = () => mkdtempSync(path.join(tmpdir(), 'isa-status-'));
const quiet = () => undefined;

describe("the deploy's status file", () => {
  it.each([
    ['no file', undefined],
    ['not JSON', '{ half'],
    ['another shape', JSON.stringify({ version: 2, live: { commit: 'not a hash' } })],
    ["the deploy's older version (it built on the server)", JSON.stringify({ releases: [], attempts: [] })],
  ])('reads %s as no status', (_case, text) => {
    const dir = folder();
    if (text !== undefined) writeFileSync(path.join(dir, 'status.json'), text);
    expect(readDeployStatus(dir)).toBeUndefined();
    expect(new StatusFile(dir, quiet).status).toEqual({ version: 2, releases: [], attempts: [], deliveries: [] });
  });

  it('keeps the last 30 attempts, newest first, written to the file (readable by the deploy alone) after each change', () => {
    const dir = folder();
    const file = new StatusFile(dir, quiet);
    for (let n = 1; n <= 35; n++) {
      file.begin(hash(n), `Change ${n}`)({ result: n % 2 ? 'live' : 'failed', step: 'unpack', reason: 'why' });
    }
    const { attempts } = readDeployStatus(dir) ?? { attempts: [] };
    expect(attempts).toHaveLength(30);
    expect(attempts[0]).toMatchObject({ commit: hash(35), result: 'live' });
    expect(file.failed(hash(34))).toBe(true);
    expect(file.failed(hash(35))).toBe(false);
    expect(file.lastFailed()).toBeUndefined();
    expect(readFileSync(path.join(dir, 'status.json')).length).toBeGreaterThan(0);
  });

  it('takes up an attempt that waited for the network, instead of starting another', () => {
    const file = new StatusFile(folder(), quiet);
    file.begin(hash(1), 'Slow')({ result: 'waiting', step: 'download', reason: 'it broke off' });
    file.begin(hash(1), 'Slow')({ result: 'live' });
    expect(file.status.attempts).toHaveLength(1);
    expect(file.status.attempts[0]).toMatchObject({ result: 'live' });
    expect(file.status.attempts[0]?.reason).toBeUndefined();
  });

  it('ends an attempt the last deploy left under way, and keeps the live release among those dropped', () => {
    const dir = folder();
    const first = new StatusFile(dir, quiet);
    first.begin(hash(9), 'Interrupted');
    first.setLive(release(1));
    for (const n of [1, 2]) first.addRelease(release(n), 5);
    // The newest one is kept, and the live one whatever its age.
    first.addRelease(release(3), 1);
    const again = new StatusFile(dir, quiet);
    expect(again.status.attempts[0]).toMatchObject({
      commit: hash(9),
      result: 'superseded',
      reason: 'the deploy stopped during it',
    });
    expect(again.status.releases.map((each) => each.commit)).toEqual([hash(3), hash(1)]);
  });

  it('remembers webhook deliveries, so that a replayed one is known', () => {
    const file = new StatusFile(folder(), quiet);
    expect(file.seenDelivery('72d3162e-cc78-11e3-81ab-4c9367dc0958')).toBe(false);
    expect(file.seenDelivery('72d3162e-cc78-11e3-81ab-4c9367dc0958')).toBe(true);
    expect(new StatusFile(folder(), quiet).seenDelivery('72d3162e-cc78-11e3-81ab-4c9367dc0958')).toBe(false);
  });

  it('says a write that failed and goes on, keeping the status in memory', () => {
    const dir = folder();
    const said: string[] = [];
    const file = new StatusFile(dir, (line) => said.push(line));
    // Where the next status is written first stands a folder: the write fails, as on a full disk.
    mkdirSync(path.join(dir, `status.json.${process.pid}.tmp`));
    file.setLive(release(1));
    expect(file.status.live?.commit).toBe(hash(1));
    expect(said).toEqual([expect.stringMatching(/^The status could not be written \(EISDIR/)]);
    expect(readDeployStatus(dir)).toBeUndefined();
  });
});

describe('a failure owners must act on', () => {
  const failedAt = (latest: string | undefined) => {
    const file = new StatusFile(folder(), quiet);
    file.setLive(release(1));
    file.begin(hash(2), 'Broken')({ result: 'failed', step: 'verify', cause: 'release', reason: 'damaged' });
    file.checked({ latest });
    return file.status;
  };

  it('is the newest attempt while it failed and is still the newest published release', () => {
    expect(openFailure(failedAt(hash(2)))).toMatchObject({ commit: hash(2) });
  });

  it('is forgotten once the live release is the newest published again, or a newer one went live', () => {
    expect(openFailure(failedAt(hash(1)))).toBeUndefined();
    const status = failedAt(hash(2));
    const file = new StatusFile(folder(), quiet);
    file.begin(hash(2), 'Broken')({ result: 'failed', step: 'verify', cause: 'release' });
    file.begin(hash(3), 'Mended')({ result: 'live' });
    expect(openFailure({ ...status, attempts: file.status.attempts })).toBeUndefined();
  });
});

describe('the status in words', () => {
  it('prints what is live and how the last attempt ended, someone else\u2019s control characters and overrides as codes', () => {
    const dir = folder();
    const file = new StatusFile(dir, quiet);
    file.setLive(release(1));
    file.begin(
      hash(2),
      'Broken \u001b[2J phone \u202eevil',
    )({
      result: 'failed',
      step: 'health',
      cause: 'release',
      reason: 'GET /Contact-Us answered 500\n\u001b]0;owned\u0007',
    });
    const text = statusText(readDeployStatus(dir), undefined);
    expect(text).toMatch(/^Deploy: not running\.\nLive: 0101010 "Change 1", since \d+ \w+ 2026, \d\d:\d\d IST\./);
    expect(text).toContain(
      'Last attempt: 0202020 "Broken \\u{001b}[2J phone \\u{202e}evil": failed at its health check',
    );
    expect(text).toContain('    GET /Contact-Us answered 500\n    \\u{001b}]0;owned\\u{0007}');
    expect(text).toContain('The release itself is at fault');
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u202e');
  });

  it.each([
    ['release', /The release itself is at fault: a maintainer corrects it and merges again/],
    ['machine', /This server is at fault \(its disk, most likely\).*presses "Try again"/],
  ] as const)('mails owners whose fault a failure is (%s) and what to do', (cause, says) => {
    const notice = notLiveNotice(
      { commit: hash(2), subject: 'New \u202ebearer', step: 'unpack', cause, reason: 'ENOSPC' },
      { commit: hash(1), subject: 'Before' },
    );
    expect(notice.subject).toBe('The site was not updated: New \\u{202e}bearer');
    expect(notice.text).toMatch(says);
    expect(notice.text).toContain('failed at unpacking it');
    expect(notice.text).toContain('The site keeps showing 0101010 "Before".');
    expect(notice.text).not.toContain('npm run check:content');
  });
});
