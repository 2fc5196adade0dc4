/** Years of events for the admin's list (its unit test and the browser test): 2,000 by default. */
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../../../src/server/database.ts';

export const PLACES = ['Tamil Nadu', 'Salem', 'Madurai', 'Coimbatore', 'Chennai'];
const BRANCHES = PLACES.slice(1);

/** 2,000 events over 20 years (2007 to 2026), the four branches in turn each year, every third a draft. */
export function seedEvents(db: DatabaseSync, count = 2000): void {
  const insert = db.prepare(
    'INSERT INTO events (events_title, events_sub_title, events_date, published) VALUES (?, ?, ?, ?)',
  );
  transaction(db, () => {
    for (let i = 0; i < count; i += 1) {
      const year = 2007 + (i % 20);
      const day = new Date(Date.UTC(year, 0, 1 + ((i * 7) % 360))).toISOString().slice(0, 10);
      const branch = BRANCHES[Math.floor(i / 20) % BRANCHES.length] ?? '';
      insert.run(
        `Tamil Nadu - ${branch} Branch - Meeting ${i}`,
        i % 50 === 0 ? 'Airway workshop' : '',
        day,
        i % 3 ? 1 : 0,
      );
    }
  });
}
