import { describe, expect, it } from 'vitest';
import type { EventFormInput } from '../../../src/server/admin/eventForm.ts';
import { eventPreview, photoInWords } from '../../../src/server/admin/eventService.ts';
import type { AdminEvent } from '../../../src/server/events/eventFields.ts';
import { postedEventForm } from '../actions/formAction.ts';

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
  /** The form sent to Preview, as its action takes it. */
  async function form(fields: Record<string, string>): Promise<EventFormInput> {
    const { data, error } = await postedEventForm(PLACES, { action: 'preview', ...fields });
    if (error || !data) throw new Error(`The form was refused: ${error?.message}`);
    return data;
  }

  it('a plain visit (or a form its action refused): the saved event', () => {
    expect(eventPreview(event)).toMatchObject({
      title: 'Tamil Nadu - Salem Branch - CME',
      subTitle: 'Saved sub-title',
      unsaved: false,
    });
  });

  it('the form as it stands, unsaved', async () => {
    const fields = { title: 'CME day', sub_title: 'Typed', date: '2025-03-15', place: 'Madurai' };
    expect(eventPreview(event, await form(fields))).toMatchObject({
      title: 'Tamil Nadu - Madurai Branch - CME day',
      subTitle: 'Typed',
      unsaved: true,
    });
  });

  it('shows the photos in the form’s order with its descriptions; unknown ids are ignored, unlisted ones follow', async () => {
    const preview = eventPreview(
      event,
      await form({
        title: 'CME',
        sub_title: '',
        date: '2025-03-14',
        place: 'Salem',
        photo_order: '2,99',
        description_2: 'Typed for two',
        description_99: 'No such photo',
      }),
    );
    expect(preview.photos.map((photo) => [photo.id, photo.description])).toEqual([
      [2, 'Typed for two'],
      [1, 'Saved one'],
    ]);
  });
});
