import { describe, expect, it } from 'vitest';
import { normalizeEventImages, normalizeEvents } from '../../../src/lib/events/eventRecords.ts';
import { fixImagePath, sitePathOf } from '../../../src/lib/events/fixImagePath.ts';

describe('fixImagePath', () => {
  it.each([
    ['/Admin//uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['/Admin///uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['http://host/Admin//uploads/a.jpg', 'http://host/Admin/uploads/a.jpg'],
    ['/admin//uploads/a.jpg', '/admin/uploads/a.jpg'],
    ['/Admin/uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['/uploads//a.jpg', '/uploads//a.jpg'],
    ['', ''],
  ])('%s -> %s', (input, expected) => {
    expect(fixImagePath(input)).toBe(expected);
  });
});

describe('sitePathOf', () => {
  it.each([
    ['/Admin//uploads/a.jpg', '/Admin/uploads/a.jpg'],
    ['Admin/uploads/events/3/a.jpg', '/Admin/uploads/events/3/a.jpg'],
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
        ],
      }),
    ).toEqual([
      { event_image: '/Admin/uploads/1.jpg', img_description: 'First' },
      { event_image: '/Admin/uploads/2.jpg', img_description: '' },
    ]);
  });
});
