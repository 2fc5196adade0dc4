import { describe, expect, it } from 'vitest';
import { FORM_NOT_READ, type EventFormInput } from '../../../src/server/admin/eventForm.ts';
import { titleNamingPlace } from '../../../src/lib/events/eventPlaces.ts';
import { filterEvents } from '../../../src/lib/events/filterEvents.ts';
import { formRefusal } from '../../../src/actions/adminAction.ts';
import { postedEventForm } from '../actions/formAction.ts';

/** The sample places of content/site.yaml (`activityPlaces`). */
const places = ['Tamil Nadu', 'Salem', 'Madurai', 'Coimbatore', 'Chennai'];
const form = (fields: Record<string, string> = {}) => ({
  csrf_token: 'token',
  title: 'Airway Day',
  sub_title: '',
  date: '2025-06-01',
  place: 'Madurai',
  action: 'draft',
  ...fields,
});

/** The save action's input for `fields`, as Astro reads the form; a refusal in the page's words. */
async function posted(fields: Record<string, string>): Promise<EventFormInput | ReturnType<typeof formRefusal>> {
  const { data, error } = await postedEventForm(places, fields);
  if (error) return formRefusal(error);
  if (!data) throw new Error('no input');
  return data;
}

describe('the event form refuses, saying why beside the field', () => {
  it.each([
    ['an empty title', { title: '  ' }, 'title', /^Give the event a title\.$/],
    ['a title too long once it names its place', { title: 'x'.repeat(190) }, 'title', /at most 200/],
    ['a title far too long to read', { title: 'x'.repeat(2001) }, 'title', /at most 200/],
    ['no date', { date: '' }, 'date', /^Choose a real date for the event in the Date field\.$/],
    ['a date that does not exist', { date: '29/02/2025' }, 'date', /^Choose a real date/],
    ['a date in another format', { date: '2025/06/01' }, 'date', /^Choose a real date/],
    ['a place that is not offered', { place: 'Atlantis' }, 'place', /^Choose the place of the event\.$/],
    ['no place', { place: '' }, 'place', /^Choose the place/],
    ['an over-long sub-title', { sub_title: 'x'.repeat(301) }, 'sub_title', /at most 300/],
  ])('%s', async (_label, fields: Record<string, string>, field, message) => {
    const refused = await posted(form(fields));
    expect(refused).toEqual({
      message: expect.stringMatching(message),
      fields: { [field]: expect.stringMatching(message) },
    });
  });

  it('every field at once, each beside its own', async () => {
    const refused = await posted(form({ title: '', date: 'soon', place: 'Atlantis' }));
    expect(refused).toMatchObject({
      fields: { title: expect.any(String), date: expect.any(String), place: expect.any(String) },
    });
  });
});

describe('the event form refuses what no page of the admin sends, as a form it could not read', () => {
  it.each([
    ['a field no form has', { published: '1' }],
    ['no button', { action: '' }],
    ['a button no form has', { action: 'delete' }],
    ['a version that is not a number', { version: 'latest' }],
    ['a form key that is not one the page made', { form_key: 'my-key' }],
    ['a base that is not JSON', { base: '{title:' }],
    ['a base without its fields', { base: JSON.stringify({ title: 'CME' }) }],
    ['photos a base that is not JSON', { photos_base: 'nope' }],
    [
      'photos a base of another shape',
      { photos_base: JSON.stringify({ photos: [{ id: -1, description: '' }], cover: null }) },
    ],
    ['a photo order that is not numbers', { photo_order: '12,seven' }],
    ['a photo order with a gap', { photo_order: '12,,7' }],
    [
      'a photo order of more photos than an event has',
      { photo_order: Array.from({ length: 61 }, (_, i) => i + 1).join(',') },
    ],
    ['a cover that is not a number', { cover: 'first' }],
  ])('%s', async (_label, fields: Record<string, string>) => {
    const refused = await posted(form(fields));
    expect(refused).toMatchObject({ message: FORM_NOT_READ });
  });

  it('a description longer than 300 characters, saying so', async () => {
    const refused = await posted(form({ photo_order: '12', description_12: 'x'.repeat(301) }));
    expect(refused).toMatchObject({ message: expect.stringMatching(/description has at most 300 characters/) });
  });
});

describe('the event form, as its save and Preview actions take it', () => {
  it('saves a title that names its place, so the public filter finds the event under that place', async () => {
    const input = await posted(form({ action: 'publish' }));
    expect(input).toMatchObject({
      values: { title: 'Airway Day', place: 'Madurai' },
      fields: { title: 'Tamil Nadu - Madurai Branch - Airway Day', published: true },
    });
    if (!('fields' in input) || !('title' in input.fields)) return;
    const record = {
      events_id: 1,
      events_title: input.fields.title,
      events_sub_title: '',
      events_image: '',
      events_date: input.fields.date,
    };
    expect(filterEvents([record], 'Madurai', 2025)).toHaveLength(1);
    expect(filterEvents([record], 'Tamil Nadu', 2025)).toHaveLength(1);
  });

  it.each([
    // A branch's event names the state too, so the list as it first opens (Tamil Nadu) finds it.
    ['Airway workshop', 'Madurai', 'Tamil Nadu - Madurai Branch - Airway workshop'],
    ['Madurai - Airway Day', 'Madurai', 'Tamil Nadu - Madurai Branch - Airway Day'],
    ['Tamil Nadu - Madurai Branch - Airway Day', 'Madurai', 'Tamil Nadu - Madurai Branch - Airway Day'],
    ['Airway day at MADURAI', 'Madurai', 'Tamil Nadu - Airway day at MADURAI'],
    ['Airway day at Madurai, Tamil Nadu', 'Madurai', 'Airway day at Madurai, Tamil Nadu'],
    ['State quiz', 'Tamil Nadu', 'Tamil Nadu - State quiz'],
    ['  State quiz in tamil nadu ', 'Tamil Nadu', 'State quiz in tamil nadu'],
    // Moved to another place: the earlier place's prefix goes.
    ['Madurai - Airway Day', 'Salem', 'Tamil Nadu - Salem Branch - Airway Day'],
    ['Tamil Nadu - Madurai Branch - Airway Day', 'Salem', 'Tamil Nadu - Salem Branch - Airway Day'],
    ['Tamil Nadu - Madurai Branch - Airway Day', 'Tamil Nadu', 'Tamil Nadu - Airway Day'],
    ['madurai - Airway Day', 'Tamil Nadu', 'Tamil Nadu - Airway Day'],
    ['Tamil Nadu - State quiz', 'Chennai', 'Tamil Nadu - Chennai Branch - State quiz'],
    // A place named inside the title is not a prefix: kept.
    ['Airway Day, Madurai and Salem', 'Salem', 'Tamil Nadu - Airway Day, Madurai and Salem'],
  ])('titleNamingPlace(%s, %s) is %s', (title, place, expected) => {
    expect(titleNamingPlace(title, place, places)).toBe(expected);
  });

  it.each([
    ['publish', true],
    ['draft', false],
    ['unpublish', false],
    ['preview', false],
  ])('%s: published %s', async (action, published) => {
    expect(await posted(form({ action }))).toMatchObject({ action, fields: { published } });
  });

  it('takes the date day first, as the office writes it', async () => {
    expect(await posted(form({ date: '14/03/2025' }))).toMatchObject({ fields: { date: '2025-03-14' } });
  });

  it('reads the photos’ order (each once), their descriptions trimmed, the cover, and what the island started from', async () => {
    const base = { photos: [{ id: 7, description: 'Second' }], cover: null };
    const input = await posted(
      form({
        photo_order: '12,7,12',
        description_12: ' First ',
        description_7: 'Second',
        cover: '7',
        photos_base: JSON.stringify(base),
        version: '3',
        form_key: 'a'.repeat(32),
      }),
    );
    expect(input).toMatchObject({
      version: 3,
      formKey: 'a'.repeat(32),
      photos: {
        arrangement: {
          photos: [
            { id: 12, description: 'First' },
            { id: 7, description: 'Second' },
          ],
          cover: 7,
        },
        base,
      },
    });
  });

  it('changes no photo when the form has no photos’ list (a new event, or the island not shown)', async () => {
    expect(await posted(form())).toMatchObject({ photos: undefined, version: undefined, base: undefined });
  });
});
