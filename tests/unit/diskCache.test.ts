import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskCache } from '../../src/server/diskCache.ts';

let dir: string;
const bytes = (size: number, fill = 1) => new Uint8Array(size).fill(fill);

beforeEach(() => {
  dir = path.join(mkdtempSync(path.join(tmpdir(), 'disk-cache-')), 'photos');
});
afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

describe('DiskCache', () => {
  it('keeps what it is given and reads it back', async () => {
    const cache = new DiskCache({ dir, maxBytes: 1000 });
    expect(await cache.read('a.webp')).toBeUndefined();
    await cache.write('a.webp', bytes(10, 7));
    expect(await cache.read('a.webp')).toEqual(bytes(10, 7));
    expect(readdirSync(dir)).toEqual(['a.webp']);
  });

  it('stays within its size, deleting the least recently used files first', async () => {
    const cache = new DiskCache({ dir, maxBytes: 300 });
    await cache.write('a.webp', bytes(100));
    await cache.write('b.webp', bytes(100));
    await cache.write('c.webp', bytes(100));
    await cache.read('a.webp'); // a is now used more recently than b
    await cache.write('d.webp', bytes(100));
    expect(readdirSync(dir).sort()).toEqual(['a.webp', 'c.webp', 'd.webp']);
    expect(await cache.size()).toBe(300);
    await cache.write('e.webp', bytes(250));
    expect(readdirSync(dir).sort()).toEqual(['e.webp']);
  });

  it('does not keep a file larger than the whole cache', async () => {
    const cache = new DiskCache({ dir, maxBytes: 100 });
    await cache.write('big.photo', bytes(101));
    expect(existsSync(dir)).toBe(false);
  });

  it('finds the files of an earlier run, oldest first to go, and trims them to its size', async () => {
    mkdirSync(dir, { recursive: true });
    for (const [index, name] of ['old.webp', 'mid.webp', 'new.webp'].entries()) {
      writeFileSync(path.join(dir, name), bytes(100));
      const time = new Date(Date.UTC(2026, 0, 1 + index));
      utimesSync(path.join(dir, name), time, time);
    }
    writeFileSync(path.join(dir, '.half.webp.0d5e-uuid.part'), bytes(50));
    const cache = new DiskCache({ dir, maxBytes: 250 });
    expect(await cache.read('new.webp')).toEqual(bytes(100));
    expect(readdirSync(dir).sort()).toEqual(['mid.webp', 'new.webp']);
    await cache.write('next.webp', bytes(100));
    expect(readdirSync(dir).sort()).toEqual(['new.webp', 'next.webp']);
  });

  it('takes a file that vanished as a miss', async () => {
    const cache = new DiskCache({ dir });
    await cache.write('a.webp', bytes(10));
    rmSync(dir, { recursive: true, force: true });
    expect(await cache.read('a.webp')).toBeUndefined();
    await cache.write('a.webp', bytes(10));
    expect(await cache.read('a.webp')).toEqual(bytes(10));
  });

  it.each(['../escape.webp', 'a/b.webp', '.hidden', 'UPPER.webp'])('refuses the name %s', async (name) => {
    await expect(new DiskCache({ dir }).write(name, bytes(1))).rejects.toThrow(/Not a cache file name/);
  });
});
