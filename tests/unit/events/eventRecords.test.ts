import { describe, expect, it } from 'vitest';
import { normalizeEventImages, normalizeEvents } from '../../../src/lib/events/eventRecords.ts';
import { fixImagePath, sitePathOf } from '../../../src/lib/events/fixImagePath.ts';

describe('fixImagePath', () => {
  it.each([
    // The three forms a record can take, as the society's backend writes them.
    ['relative', 'Admin//uploads/events/101/a.jpg', '/Admin/uploads/events/101/a.jpg'],
    ['absolute', '/Admin//uploads/events/101/a.jpg', '/Admin/uploads/events/101/a.jpg'],
    ['full URL', 'https://host/Admin//uploads/events/101/a.jpg', 'https://host/Admin/uploads/events/101/a.jpg'],
    ['full URL with a port', 'http://host:8080/Admin//uploads/a.jpg', 'http://host:8080/Admin/uploads/a.jpg'],
    ['protocol-relative URL', '//host/Admin//uploads/a.jpg', '//host/Admin/uploads/a.jpg'],
    // Letter case: the photo folder gets the spelling the site serves.
    ['relative, lower case', 'admin//uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['absolute, mixed case', '/ADMIN//Uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['full URL, mixed case', 'https://host/aDmIn//UPLOADS/a.jpg', 'https://host/Admin/uploads/a.jpg'],
    ['more than two slashes', '/Admin///uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['already correct, relative', 'Admin/uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['already correct', '/Admin/uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['with a query', '/Admin//uploads/a.jpg?v=2', '/Admin/uploads/a.jpg?v=2'],
    // Only the Admin segment: other slashes, other folders and the file name stay as written.
    ['another folder after Admin', '/admin//images/A.jpg', '/admin/images/A.jpg'],
    ['a doubled slash elsewhere', '/uploads//a.jpg', '/uploads//a.jpg'],
    ['a doubled slash in the file part', '/Admin//uploads//a.jpg', '/Admin/uploads//a.jpg'],
    ['a segment that only ends in admin', '/SuperAdmin//uploads/a.jpg', '/SuperAdmin//uploads/a.jpg'],
    ['a segment that only starts with admin', 'Administration//a.jpg', 'Administration//a.jpg'],
    ['a host named admin', 'https://admin/uploads//a.jpg', 'https://admin/uploads//a.jpg'],
    ['a relative path elsewhere', 'uploads/a.jpg', 'uploads/a.jpg'],
    ['nothing', '', ''],
  ])('%s: %s -> %s', (_, input, expected) => {
    expect(fixImagePath(input)).toBe(expected);
  });
});

describe('sitePathOf', () => {
  it.each([
    ['/Admin//uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['Admin//uploads/events/101/a.jpg', '/Admin/uploads/events/101/a.jpg'],
    ['Admin/uploads/events/3/a.jpg', '/Admin/uploads/events/3/a.jpg'],
    ['/admin//Uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['http://BACKEND:8080/ADMIN//uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['  /Admin/uploads/a b.jpg ', '/Admin/uploads/a%20b.jpg'],
    ['http://backend:8080/Admin//uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['http://other:8080/Admin/uploads/a.jpg', 'http://other:8080/Admin/uploads/a.jpg'],
    ['https://cdn.example.org/a.jpg', 'https://cdn.example.org/a.jpg'],
    ['//cdn.example.org/Admin/uploads/a.jpg', 'http://cdn.example.org/Admin/uploads/a.jpg'],
    ['/images/a.jpg', 'http://backend:8080/images/a.jpg'],
    ['', ''],
  ])('%s -> %s', (input, expected) => {
    expect(sitePathOf(input, 'http://backend:8080')).toBe(expected);
  });
});

describe('normalizeEvents', () => {
  it('removes the control characters of every text field, and of photo descriptions', () => {
    const answer = {
      records: [
        {
          events_id: 9,
          events_title: 'Salem\u0000 - Airway\u0008 CME\u001b',
          events_sub_title: 'Hands\u0007 on',
          events_image: '/Admin/uploads/9\u0000.jpg',
          events_date: '2025-01-02\u001b',
        },
      ],
    };
    expect(normalizeEvents(answer)).toEqual([
      {
        events_id: 9,
        events_title: 'Salem - Airway CME',
        events_sub_title: 'Hands on',
        events_image: '/Admin/uploads/9.jpg',
        events_date: '2025-01-02',
      },
    ]);
    const photos = { records: [{ event_image: '/Admin/uploads/9.jpg', img_description: 'Opening\u0000 talk\u001b' }] };
    expect(normalizeEventImages(photos)).toEqual([
      { event_image: '/Admin/uploads/9.jpg', img_description: 'Opening talk' },
    ]);
  });

  it('keeps good records, coerces ids, fills missing text and fixes image paths', () => {
    const answer = {
      records: [
        {
          events_id: '7',
          events_title: 'Salem CME',
          events_sub_title: null,
          events_image: '/Admin//uploads/7.jpg',
          events_date: '2025-01-02',
        },
        { events_id: 8, events_title: 'Madurai', events_date: '2024-05-06' },
        'not a record',
        null,
        { events_id: 'abc', events_title: 'bad id' },
        { events_id: -1, events_title: 'negative id' },
      ],
    };
    expect(normalizeEvents(answer)).toEqual([
      {
        events_id: 7,
        events_title: 'Salem CME',
        events_sub_title: '',
        events_image: '/Admin/uploads/7.jpg',
        events_date: '2025-01-02',
      },
      { events_id: 8, events_title: 'Madurai', events_sub_title: '', events_image: '', events_date: '2024-05-06' },
    ]);
  });

  it.each([[undefined], [null], ['text'], [{}], [{ records: 'nope' }], [{ records: { 0: {} } }]])(
    'treats %j as no events',
    (answer) => {
      expect(normalizeEvents(answer)).toEqual([]);
    },
  );
});

describe('normalizeEventImages', () => {
  it('treats records that are not an array as empty', () => {
    expect(normalizeEventImages({ records: { event_image: '/a.jpg' } })).toEqual([]);
    expect(normalizeEventImages({ records: null })).toEqual([]);
  });

  it('fixes paths and drops records without an image', () => {
    expect(
      normalizeEventImages({
        records: [
          { event_image: '/Admin//uploads/1.jpg', img_description: 'First' },
          { event_image: '', img_description: 'No image' },
          { img_description: 'Missing' },
          { event_image: '/Admin/uploads/2.jpg' },
          { event_image: 'Admin//uploads/3.jpg' },
        ],
      }),
    ).toEqual([
      { event_image: '/Admin/uploads/1.jpg', img_description: 'First' },
      { event_image: '/Admin/uploads/2.jpg', img_description: '' },
      { event_image: '/Admin/uploads/3.jpg', img_description: '' },
    ]);
  });
});
