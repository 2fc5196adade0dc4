import { describe, expect, it } from 'vitest';
import { eventFormInput, formFieldsOf, parseEventForm } from '../../../src/server/admin/eventForm.ts';
import { titleNamingPlace } from '../../../src/lib/events/eventPlaces.ts';
import { filterEvents } from '../../../src/lib/events/filterEvents.ts';

/** The sample places of content/site.yaml (`activityPlaces`). */
const places = ['Tamil Nadu', 'Salem', 'Madurai', 'Coimbatore', 'Chennai'];
const form = (fields: Record<string, string>) =>
  new URLSearchParams({ title: 'Airway Day', sub_title: '', date: '2025-06-01', place: 'Madurai', ...fields });

describe('parseEventForm refuses', () => {
  it.each([
    ['an empty title', { title: '  ' }, 'title', /title/],
    ['no date', { date: '' }, 'date', /^Choose a real date for the event in the Date field\.$/],
    [
      'a date that does not exist',
      { date: '2025-02-29' },
      'date',
      /^Choose a real date for the event in the Date field\.$/,
    ],
    [
      'a date in another format',
      { date: '2025/06/01' },
      'date',
      /^Choose a real date for the event in the Date field\.$/,
    ],
    ['a place that is not offered', { place: 'Atlantis' }, 'place', /place/],
    ['an over-long sub-title', { sub_title: 'x'.repeat(301) }, 'subTitle', /at most 300/],
  ])('%s, keeping what was typed', (_label, fields: Record<string, string>, field, message) => {
    const parsed = parseEventForm(form(fields), places);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.entries(parsed.errors)).toEqual([[field, expect.stringMatching(message)]]);
    expect(parsed.values.title).toBe(form(fields).get('title'));
  });
});

describe('parseEventForm', () => {
  it('saves a title that names its place, so the public filter finds the event under that place', () => {
    const parsed = parseEventForm(form({ action: 'publish' }), places);
    expect(parsed).toMatchObject({
      ok: true,
      fields: { title: 'Tamil Nadu - Madurai Branch - Airway Day', published: true },
    });
    if (!parsed.ok) return;
    const record = {
      events_id: 1,
      events_title: parsed.fields.title,
      events_sub_title: '',
      events_image: '',
      events_date: parsed.fields.date,
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

  it('is a draft unless Publish was pressed', () => {
    expect(parseEventForm(form({}), places)).toMatchObject({ fields: { published: false } });
    expect(parseEventForm(form({ action: 'draft' }), places)).toMatchObject({ fields: { published: false } });
  });

  it('reads the photos’ order, descriptions and cover, ignoring what is not an id', () => {
    const parsed = parseEventForm(
      form({ photo_order: '12, 7,x,-3,7', description_12: ' First ', description_7: 'Second', cover: '7' }),
      places,
    );
    expect(parsed).toMatchObject({
      ok: true,
      photos: [
        { id: 12, description: 'First' },
        { id: 7, description: 'Second' },
      ],
      cover: 7,
    });
  });
});

describe('the event form’s post, as its save and Preview actions take it (eventFormInput)', () => {
  const form = {
    csrf_token: 'token',
    version: '3',
    title: 'Airway workshop',
    sub_title: null,
    date: '14/03/2025',
    place: 'Salem',
    action: 'publish',
    photo_order: '12,7',
    cover: '7',
    description_12: 'The opening talk',
    description_7: '',
  };

  it('takes the fields a form sends, each photo’s description with them', () => {
    const parsed = eventFormInput.parse(form);
    expect(formFieldsOf(parsed).toString()).toBe(
      'csrf_token=token&version=3&title=Airway+workshop&date=14%2F03%2F2025&place=Salem&action=publish&photo_order=12%2C7&cover=7&description_12=The+opening+talk&description_7=',
    );
  });

  it.each([
    ['a field no form has', { ...form, published: '1' }],
    ['a description longer than 300 characters', { ...form, description_12: 'x'.repeat(301) }],
    ['a photo order that is not numbers', { ...form, photo_order: '12,seven' }],
    ['a button no form has', { ...form, action: 'delete' }],
    ['a version that is not a number', { ...form, version: 'latest' }],
  ])('refuses %s', (_case, sent) => {
    expect(eventFormInput.safeParse(sent).success).toBe(false);
  });
});
