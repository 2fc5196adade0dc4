/**
 * A photo whose file cannot be written whole (the disk fills up halfway) leaves nothing in
 * DATA_DIR: no half-written file, no row; the error reaches the caller, and the next photo is
 * stored as usual.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../src/server/database.ts';
import { EventWriter } from '../../../src/server/events/eventWriter.ts';
import { solidJpeg } from '../../solidJpeg.ts';

let failNextWrite = false;

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  return {
    ...actual,
    writeFile: async (...args: Parameters<typeof actual.writeFile>) => {
      if (!failNextWrite) return actual.writeFile(...args);
      failNextWrite = false;
      const [file, data] = args;
      // Half the bytes reach the disk, then it is full.
      await actual.writeFile(file, Buffer.from(data as Uint8Array).subarray(0, 100));
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    },
  };
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'photo-write-failure-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a photo that cannot be written whole', () => {
  it('leaves no file and no row behind', async () => {
    const { db } = openDatabase(dataDir);
    const writer = new EventWriter(db, { dataDir });
    const id = writer.upsert({ title: 'Salem - Full Disk', subTitle: '', date: '2025-01-01', published: true });
    const jpeg = await solidJpeg(64, 48, '#3a7');
    const folder = path.join(dataDir, 'uploads/events', String(id));

    failNextWrite = true;
    await expect(writer.addPhoto(id, jpeg)).rejects.toThrow(/ENOSPC/);
    expect(readdirSync(folder)).toEqual([]);
    expect(writer.get(id)?.photos).toEqual([]);

    const stored = await writer.addPhoto(id, jpeg);
    expect(readdirSync(folder)).toEqual([path.basename(stored.path)]);
    db.close();
  });
});
