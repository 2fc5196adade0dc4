import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAdminServices } from '../../../src/server/admin/adminServices.ts';
import type { EventFormInput } from '../../../src/server/admin/eventForm.ts';
import { saveEventForm } from '../../../src/server/admin/eventService.ts';
import type { AdminSession } from '../../../src/server/admin/sessions.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { SqliteEventsSource } from '../../../src/server/events/SqliteEventsSource.ts';
import { postedEventForm } from '../actions/formAction.ts';

const PLACES = ['Tamil Nadu', 'Salem'];
const fields = { title: 'Salem - CME', subTitle: '', date: '2025-06-01', published: false };
const session: AdminSession = { userId: 1, username: 'asha', role: 'editor', csrfToken: 'x', expiresAt: 0 };

/** The event form's post as its save action takes it (Astro reads the form; the input schema checks it). */
async function checked(fields: Record<string, string>): Promise<EventFormInput> {
  const { data, error } = await postedEventForm(PLACES, fields);
  if (error || !data) throw new Error(`The form was refused: ${error?.message}`);
  return data;
}

function setUp() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'event-numbers-'));
  const { db } = openDatabase(dataDir);
  const services = createAdminServices(db, dataDir, { publicOrigin: 'https://isa.example.org' });
  const source = new SqliteEventsSource(db, { uploadsDir: path.join(dataDir, 'uploads') });
  return { services, source, db };
}

describe('event and photo numbers', () => {
  it('never gives a deleted event’s or photo’s number again, and remembers the event as removed', async () => {
    const { services, source } = setUp();
    const first = services.events.upsert(fields);
    const newest = services.events.upsert(fields);
    await services.events.remove(newest);
    const next = services.events.upsert(fields);
    expect(next).toBeGreaterThan(newest);
    expect(source.wasRemoved(newest)).toBe(true);
    expect(source.wasRemoved(first)).toBe(false);

    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const photo = await services.events.addPhoto(first, jpeg);
    await services.events.removePhoto(first, photo.id);
    expect((await services.events.addPhoto(first, jpeg)).id).toBeGreaterThan(photo.id);
  });

  it('raises an event’s version with each change to it or its photos, and only then', async () => {
    const { services } = setUp();
    const id = services.events.upsert(fields);
    const version = () => services.events.get(id)?.version ?? -1;
    const start = version();
    services.events.upsert({ id, ...fields });
    expect(version()).toBe(start);
    services.events.upsert({ id, ...fields, subTitle: 'Changed' });
    expect(version()).toBeGreaterThan(start);
  });
});

describe('a new event’s form, saved twice', () => {
  it('makes one event for one form key: a double press, or Back then Save again', async () => {
    const { services } = setUp();
    const admin = { services: services as never, session };
    const values = { title: 'CME', sub_title: '', date: '2025-06-01', place: 'Salem', action: 'draft' };
    const key = 'a'.repeat(32);
    const save = async () => saveEventForm(admin, await checked({ ...values, form_key: key }), PLACES);
    const first = await save();
    const second = await save();
    expect(first).toEqual(second);
    expect(services.events.list()).toHaveLength(1);
    expect(services.events.madeByForm(key)).toBe(services.events.list()[0]?.id);
    const other = saveEventForm(admin, await checked({ ...values, form_key: 'b'.repeat(32) }), PLACES);
    expect(other).not.toEqual(first);
    expect(services.events.list()).toHaveLength(2);
  });
});

describe('the event form saved from an older tab', () => {
  it('keeps another tab’s title and its own sub-title; a field changed in both is a clash, the stored value kept', async () => {
    const { services } = setUp();
    const id = services.events.upsert({ ...fields, title: 'Tamil Nadu - Salem Branch - CME' });
    const opened = services.events.get(id);
    if (!opened) throw new Error('no event');
    const base = JSON.stringify({ title: opened.title, subTitle: '', date: opened.date, place: 'Salem' });
    const send = async (changes: Record<string, string>) => {
      const form = await checked({
        title: opened.title,
        sub_title: '',
        date: opened.date,
        place: 'Salem',
        action: 'draft',
        version: String(opened.version),
        base,
        ...changes,
      });
      const event = services.events.get(id);
      return saveEventForm({ services: services as never, session }, form, PLACES, event);
    };
    expect(await send({ title: 'Tamil Nadu - Salem Branch - CME day' })).toHaveProperty('redirect');
    expect(await send({ sub_title: 'From the older tab' })).toHaveProperty('redirect');
    expect(services.events.get(id)).toMatchObject({
      title: 'Tamil Nadu - Salem Branch - CME day',
      subTitle: 'From the older tab',
    });
    const clash = await send({ title: 'Tamil Nadu - Salem Branch - Something else' });
    expect(clash).toMatchObject({ status: 409 });
    expect(JSON.stringify(clash)).toContain('yours was not saved: “Tamil Nadu - Salem Branch - Something else”');
    expect(services.events.get(id)?.title).toBe('Tamil Nadu - Salem Branch - CME day');
  });
});
