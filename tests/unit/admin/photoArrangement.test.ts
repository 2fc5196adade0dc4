import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminServices, type EventAdminServices } from '../../../src/server/admin/adminServices.ts';
import { arrangePhotos, arrangementInput } from '../../../src/server/admin/photoArrangement.ts';
import type { AdminSession } from '../../../src/server/admin/sessions.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { solidJpeg } from '../../solidJpeg.ts';

const session: AdminSession = { userId: 1, username: 'asha', role: 'editor', csrfToken: 'x', expiresAt: 0 };

/** The island's autosave as the action admin.events.arrange takes it: its input checked, then saved. */
describe('the photos’ autosave (admin.events.arrange)', () => {
  let services: EventAdminServices;
  let eventId: number;
  let ids: number[];
  const arrange = (input: unknown, id: number = eventId) => {
    const checked = arrangementInput.safeParse(input);
    if (!checked.success) return { refused: checked.error.issues[0]?.message };
    return arrangePhotos({ services, session }, id, checked.data) ?? { refused: 'gone' };
  };
  const saved = (input: unknown) => {
    const answer = arrange(input);
    if ('refused' in answer) throw new Error(`refused: ${answer.refused}`);
    return answer;
  };

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'photo-arrangement-'));
    services = createAdminServices(openDatabase(dataDir).db, dataDir, { publicOrigin: 'https://isa.example.org' });
    eventId = services.events.upsert({ title: 'Salem - Arranged', subTitle: '', date: '2025-01-01', published: false });
    const jpeg = await solidJpeg(64, 48, '#3a7');
    ids = [];
    for (let index = 0; index < 3; index += 1) ids.push((await services.events.addPhoto(eventId, jpeg, '')).id);
  });

  describe('refuses, changing nothing', () => {
    it.each([
      ['nothing', undefined],
      ['photos that are not a list', { photos: '1,2', cover: null }],
      ['an id that is not a number', { photos: [{ id: '1', description: '' }], cover: null }],
      ['a description too long', { photos: [{ id: 1, description: 'x'.repeat(301) }], cover: null }],
      [
        'more photos than an event takes',
        { photos: Array.from({ length: 61 }, (_, i) => ({ id: i + 1, description: '' })), cover: null },
      ],
      ['a base that is not an arrangement', { base: { photos: 'all' }, photos: [], cover: null }],
    ])('%s', (_case, input) => {
      const before = services.events.get(eventId);
      expect(arrange(input)).toHaveProperty('refused');
      expect(services.events.get(eventId)).toEqual(before);
    });

    it('an event that does not exist (deleted meanwhile)', () => {
      expect(arrange({ photos: [], cover: null }, 9999)).toEqual({ refused: 'gone' });
    });
  });

  it('saves order, descriptions and cover at once, and leaves one audit row for a run of saves', async () => {
    const [a, b, c] = ids as [number, number, number];
    const body = {
      photos: [
        { id: c, description: '  Third, now first ' },
        { id: a, description: 'First' },
        { id: b, description: '' },
      ],
      cover: a,
    };
    saved(body);
    saved({ ...body, cover: c });
    const event = services.events.get(eventId);
    expect(event?.photos.map((photo) => [photo.id, photo.description])).toEqual([
      [c, 'Third, now first'],
      [a, 'First'],
      [b, ''],
    ]);
    expect(event?.cover).toBe(event?.photos[0]?.path);
    const rows = services.audit.recent(10).filter((row) => row.action === 'photos-arranged');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'asha', events_id: eventId });
  });

  it('merges two tabs: each one’s caption is kept, and a photo deleted in one goes from the other’s answer', async () => {
    const opened = services.events.get(eventId);
    if (!opened) throw new Error('no event');
    const base = {
      photos: opened.photos.map(({ id, description }) => ({ id, description })),
      cover: opened.photos[0]?.id ?? null,
    };
    const [first, second, third] = base.photos as [
      (typeof base.photos)[0],
      (typeof base.photos)[0],
      (typeof base.photos)[0],
    ];
    const edit = (photoId: number, description: string) =>
      base.photos.map((photo) => (photo.id === photoId ? { ...photo, description } : photo));
    // Tab A changes the first photo's caption; tab B, opened at the same version, the second's.
    saved({ version: opened.version, base, photos: edit(first.id, 'From tab A'), cover: base.cover });
    await services.events.removePhoto(eventId, third.id);
    const answer = saved({ version: opened.version, base, photos: edit(second.id, 'From tab B'), cover: base.cover });
    expect(answer).toMatchObject({ clashes: [] });
    const stored = services.events.get(eventId)?.photos.map((photo) => [photo.id, photo.description]);
    expect(stored).toEqual([
      [first.id, 'From tab A'],
      [second.id, 'From tab B'],
    ]);
    expect(answer.photos.map((photo) => photo.id)).toEqual([first.id, second.id]);
    expect(answer.version).toBe(services.events.get(eventId)?.version);
  });

  it('a caption changed in both tabs keeps the one saved first and says so to the other', async () => {
    const opened = services.events.get(eventId);
    const photo = opened?.photos[0];
    if (!opened || !photo) throw new Error('no photo');
    const base = { photos: [{ id: photo.id, description: photo.description }], cover: photo.id };
    const send = (description: string) =>
      saved({ version: opened.version, base, photos: [{ id: photo.id, description }], cover: photo.id });
    send('Saved first');
    const answer = send('Typed later');
    expect(answer.clashes).toEqual([
      'The description of photo 1 was changed in another tab or on another device meanwhile to “Saved first”; yours was not saved: “Typed later”.',
    ]);
    expect(services.events.get(eventId)?.photos[0]?.description).toBe('Saved first');
  });
});
