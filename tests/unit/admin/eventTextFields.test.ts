/**
 * Every text field src/server/events/eventFields.ts describes reaches every place made from the description: the
 * form's post under its name and its size limit, the values shown again, the store's column, the version its change
 * raises (the migration's trigger), the form's base and the words of a clash. Table-driven over the description, so a
 * field added to it is tried here with no step of its own; a field the derivations missed fails.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAdminServices } from '../../../src/server/admin/adminServices.ts';
import { eventFormValues } from '../../../src/server/admin/eventForm.ts';
import { valuesOfEvent } from '../../../src/server/admin/eventSave.ts';
import { saveEventForm } from '../../../src/server/admin/eventService.ts';
import type { AdminSession } from '../../../src/server/admin/sessions.ts';
import { openDatabase } from '../../../src/server/database.ts';
import {
  describedField,
  EVENT_TEXT_FIELDS,
  STORED_FIELDS,
  storedAs,
  TEXT_FIELDS,
} from '../../../src/server/events/eventFields.ts';
import { postedEventForm } from '../actions/formAction.ts';

const PLACES = ['Tamil Nadu', 'Salem'];
const session: AdminSession = { userId: 1, username: 'asha', role: 'editor', csrfToken: 'x', expiresAt: 0 };
const aForm = { title: 'CME', date: '01/06/2025', place: 'Salem', action: 'draft' };

describe.each(TEXT_FIELDS)('the event form’s field %s', (key) => {
  const { name, sizeLimit, tooLong } = EVENT_TEXT_FIELDS[key];

  it('is read from the post under its name, and shown again as sent', () => {
    expect(eventFormValues(new URLSearchParams({ [name]: 'As typed' }))[key]).toBe('As typed');
  });

  it('is refused past its size limit, in its own words, beside it', async () => {
    const { error } = await postedEventForm(PLACES, { ...aForm, [name]: 'x'.repeat(sizeLimit + 1) });
    expect(error?.message).toContain(tooLong);
  });
});

/** Two values the field's rule takes, as typed in the form. */
function typedValues(key: (typeof STORED_FIELDS)[number]): [string, string] {
  const { rule } = describedField(key);
  const taken = ['First words', 'Second words', '02/06/2025', '03/06/2025'].filter(
    (typed) => rule?.safeParse(storedAs(key, typed)).success,
  );
  const [first, second] = taken;
  if (!first || !second) throw new Error(`No sample values for ${key}: give typedValues two its rule takes.`);
  return [first, second];
}

describe.each(STORED_FIELDS)('the stored field %s', (key) => {
  const { name, column, clash } = EVENT_TEXT_FIELDS[key];

  it('is saved in its column, raises the version, and a change from an older tab clashes in its words', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'event-text-fields-'));
    const { db } = openDatabase(dataDir);
    const services = createAdminServices(db, dataDir, { publicOrigin: 'https://isa.example.org' });
    const id = services.events.upsert({
      title: 'Tamil Nadu - Salem Branch - CME',
      subTitle: '',
      date: '2025-06-01',
      published: false,
    });
    const opened = services.events.get(id);
    if (!opened) throw new Error('no event');
    const shown = valuesOfEvent(opened, PLACES);
    // The form as that tab showed it, with its version and base, and one field changed.
    const send = async (typed: string) => {
      const posted = Object.fromEntries(TEXT_FIELDS.map((field) => [EVENT_TEXT_FIELDS[field].name, shown[field]]));
      const { data } = await postedEventForm(PLACES, {
        ...posted,
        action: 'draft',
        version: String(opened.version),
        base: JSON.stringify(shown),
        [name]: typed,
      });
      if (!data) throw new Error('The form was refused.');
      return saveEventForm({ services: services as never, session }, data, PLACES, services.events.get(id));
    };
    const stored = () => db.prepare(`SELECT ${column} AS value, version FROM events WHERE events_id = ?`).get(id);

    const [first, second] = typedValues(key);
    expect(await send(first)).toHaveProperty('redirect');
    expect(stored()?.['value']).toContain(storedAs(key, first));
    expect(stored()?.['version']).toBeGreaterThan(opened.version);
    expect(valuesOfEvent(services.events.get(id) ?? opened, PLACES)[key]).toContain(first);

    const clashed = await send(second);
    expect(clashed).toMatchObject({ status: 409 });
    expect(JSON.stringify(clashed)).toContain(`${clash.charAt(0).toUpperCase()}${clash.slice(1)} was changed`);
    expect(stored()?.['value']).toContain(storedAs(key, first));
  });
});
