import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeployJournal, readDeployStatus } from '../../../src/deploy/journal.ts';
import { statusText } from '../../../src/deploy/statusText.ts';

const hash = (n: number) => n.toString(16).padStart(2, '0').repeat(20);
const release = (n: number) => ({
  commit: hash(n),
  subject: `Change ${n}`,
  builtAt: '2026-11-26T08:00:00.000Z',
  lockHash: 'h',
});
const folder = () => mkdtempSync(path.join(tmpdir(), 'isa-journal-'));

describe("the deploy's status file", () => {
  it.each([
    ['no file', undefined],
    ['not JSON', '{ half'],
    ['another shape', JSON.stringify({ live: { commit: 'not a hash' } })],
  ])('reads %s as no status', (_case, text) => {
    const dir = folder();
    if (text !== undefined) writeFileSync(path.join(dir, 'status.json'), text);
    expect(readDeployStatus(dir)).toBeUndefined();
    expect(new DeployJournal(dir).status).toEqual({ releases: [], attempts: [] });
  });

  it('keeps the last 30 attempts, newest first, written to the file after each change', () => {
    const dir = folder();
    const journal = new DeployJournal(dir);
    for (let n = 1; n <= 35; n++)
      journal.begin(hash(n), `Change ${n}`)({ result: n % 2 ? 'live' : 'failed', step: 'check', reason: 'why' });
    const { attempts } = readDeployStatus(dir) ?? { attempts: [] };
    expect(attempts).toHaveLength(30);
    expect(attempts[0]).toMatchObject({ commit: hash(35), result: 'live' });
    expect(journal.failed(hash(34))).toBe(true);
    expect(journal.failed(hash(35))).toBe(false);
  });

  it('ends an attempt the last deploy left under way, and keeps the live release among those pruned', () => {
    const dir = folder();
    const first = new DeployJournal(dir);
    first.begin(hash(9), 'Interrupted');
    for (const n of [1, 2, 3]) first.addRelease(release(n), 5);
    first.setLive(release(1));
    // The newest one is kept, and the live one whatever its age.
    expect(first.prune(1).map((each) => each.commit)).toEqual([hash(2)]);
    const again = new DeployJournal(dir);
    expect(again.status.attempts[0]).toMatchObject({
      commit: hash(9),
      result: 'superseded',
      reason: 'the deploy stopped during it',
    });
    expect(again.status.releases.map((each) => each.commit)).toEqual([hash(3), hash(1)]);
    expect(JSON.parse(readFileSync(path.join(dir, 'status.json'), 'utf8')).live.commit).toBe(hash(1));
  });

  it('prints what is live and how the last attempt ended, someone else\u2019s control characters as codes', () => {
    const dir = folder();
    const journal = new DeployJournal(dir);
    journal.setLive(release(1));
    journal.begin(
      hash(2),
      'Broken \u001b[2J phone',
    )({ result: 'failed', step: 'check', reason: 'content/x.yaml: wrong\n\u001b]0;owned\u0007' });
    const text = statusText(readDeployStatus(dir), undefined);
    expect(text).toMatch(/^Deploy: not running\.\nLive: 0101010 "Change 1", since \d+ \w+ 2026, \d\d:\d\d IST\./);
    expect(text).toContain('Last attempt: 0202020 "Broken \\u{001b}[2J phone": failed at the content check');
    expect(text).toContain('    content/x.yaml: wrong\n    \\u{001b}]0;owned\\u{0007}');
    expect(text).not.toContain('\u001b');
  });
});
