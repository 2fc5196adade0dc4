/**
 * A DATA_DIR as a running site leaves it, for the backup tests: events with their photos in
 * the store and under uploads/, contact messages, the contact form key, resized photos in
 * cache/, and what the store holds, read back the way the site reads it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadFormSecret } from '../../../src/server/contact/formSecret.ts';
import { ContactMessageStore } from '../../../src/server/contact/messageStore.ts';
import { contactMessage } from '../contact/messageBuilder.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { SqliteEventsSource } from '../../../src/server/events/SqliteEventsSource.ts';

const EVENTS = [
  { id: 101, title: 'Salem - Airway Workshop', date: '2025-03-14', photos: 3 },
  { id: 102, title: 'Madurai - Simulation Day', date: '2026-01-09', photos: 2 },
];

export function makeDataDir(dataDir: string) {
  const { db } = openDatabase(dataDir);
  const uploadsDir = path.join(dataDir, 'uploads');
  const events = new SqliteEventsSource(db, { uploadsDir });
  events.replaceAll(
    EVENTS.map((event) => ({
      events_id: event.id,
      events_title: event.title,
      events_sub_title: `Sub-title of ${event.id}`,
      events_image: `/Admin/uploads/events/${event.id}/1.jpg`,
      events_date: event.date,
      images: Array.from({ length: event.photos }, (_, index) => ({
        event_image: `/Admin/uploads/events/${event.id}/${index + 1}.jpg`,
        img_description: `Photo ${index + 1} of ${event.title}`,
      })),
    })),
  );
  for (const event of EVENTS) {
    mkdirSync(path.join(uploadsDir, `events/${event.id}`), { recursive: true });
    for (let photo = 1; photo <= event.photos; photo++) {
      writeFileSync(path.join(uploadsDir, `events/${event.id}/${photo}.jpg`), `photo ${photo} of event ${event.id}`);
    }
  }
  const messages = new ContactMessageStore(db);
  messages.add(
    contactMessage({ name: 'Dr. Sample Asha', email: 'asha@example.org', message: 'When is the next CME?' }),
    'nonce-1',
    new Date('2026-11-01T10:00:00Z'),
    false,
  );
  messages.add(
    contactMessage({
      name: 'Sample Ravi',
      email: 'ravi@example.org',
      phone: '',
      message: 'Thank you for the workshop.',
    }),
    'nonce-2',
    new Date('2026-11-02T10:00:00Z'),
    true,
  );
  loadFormSecret(dataDir, {});
  mkdirSync(path.join(dataDir, 'cache/photos'), { recursive: true });
  writeFileSync(path.join(dataDir, 'cache/photos/resized.webp'), 'a resized copy');
  return { db, events };
}

/** Everything the store in `dataDir` holds, as the site reads it, and every photo's bytes. */
export async function readDataDir(dataDir: string) {
  const { db } = openDatabase(dataDir);
  const events = new SqliteEventsSource(db, { uploadsDir: path.join(dataDir, 'uploads') });
  try {
    const list = await events.listEvents();
    const details = await Promise.all(list.map((event) => events.eventDetails(event.events_id)));
    const photos = await Promise.all(
      details.flat().map(async (image) => {
        const photo = await events.openPhoto(image.event_image.replace('/Admin/uploads/', ''));
        return photo ? Buffer.from(photo.bytes).toString() : undefined;
      }),
    );
    return { list, details, photos, messages: new ContactMessageStore(db).list() };
  } finally {
    db.close();
  }
}
