import { describe, expect, it } from 'vitest';
import { eventPreview, photoInWords } from '../../../src/server/admin/eventService.ts';
import type { AdminEvent } from '../../../src/server/events/eventFields.ts';

const PLACES = ['Tamil Nadu', 'Salem', 'Madurai'];

describe('photoInWords (the audit log names photos for people)', () => {
  it.each([
    ['  Red: the opening talk ', 0, 'Salem - CME', '“Red: the opening talk”'],
    ['', 2, 'Tamil Nadu - Salem Branch - CME', 'photo 3 of Tamil Nadu - Salem Branch - CME, without a description'],
    [' ', -1, 'Salem - CME', 'a photo of Salem - CME, without a description'],
    ['', 0, '', 'photo 1 of the event, without a description'],
  ])('%j, place %i of %j: %s', (description, index, title, expected) => {
    expect(photoInWords(description, index, title)).toBe(expected);
    expect(photoInWords(description, index, title)).not.toMatch(/[0-9a-f]{32}|\.jpg/);
  });
});

describe('eventPreview', () => {
  const event: AdminEvent = {
    id: 4,
    title: 'Tamil Nadu - Salem Branch - CME',
    subTitle: 'Saved sub-title',
    date: '2025-03-14',
    published: false,
    cover: '/Admin/uploads/events/4/a.jpg',
    version: 1,
    photos: [
      { id: 1, path: '/Admin/uploads/events/4/a.jpg', description: 'Saved one' },
      { id: 2, path: '/Admin/uploads/events/4/b.jpg', description: '' },
    ],
  };
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it.each([
    ['a plain visit: the saved event', form({}), 'Tamil Nadu - Salem Branch - CME', 'Saved sub-title', false],
    [
      'a form with errors: the saved event',
      form({ title: '', sub_title: 'x', date: 'soon', place: 'Salem' }),
      'Tamil Nadu - Salem Branch - CME',
      'Saved sub-title',
      false,
    ],
    [
      'the form as it stands, unsaved',
      form({ title: 'CME day', sub_title: 'Typed', date: '2025-03-15', place: 'Madurai' }),
      'Tamil Nadu - Madurai Branch - CME day',
      'Typed',
      true,
    ],
  ])('%s', (_case, fields, title, subTitle, unsaved) => {
    expect(eventPreview(event, fields, PLACES)).toMatchObject({ title, subTitle, unsaved });
  });

  it('shows the photos in the form’s order with its descriptions; unknown ids are ignored, unlisted ones follow', () => {
    const preview = eventPreview(
      event,
      form({
        title: 'CME',
        sub_title: '',
        date: '2025-03-14',
        place: 'Salem',
        photo_order: '2,99',
        description_2: 'Typed for two',
        description_99: 'No such photo',
      }),
      PLACES,
    );
    expect(preview.photos.map((photo) => [photo.id, photo.description])).toEqual([
      [2, 'Typed for two'],
      [1, 'Saved one'],
    ]);
  });
});
