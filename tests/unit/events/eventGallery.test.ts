import { describe, expect, it } from 'vitest';
import { eventGallery } from '../../../src/lib/events/eventGallery.ts';

describe('eventGallery', () => {
  it.each([
    ['no photos: the title', [], 'Airway workshop'],
    [
      'a first photo without caption: the title',
      [{ path: '/Admin/uploads/events/3/1.jpg', description: '' }],
      'Airway workshop',
    ],
    ['the first photo’s caption', [{ path: '/Admin/uploads/events/3/1.jpg', description: 'Day one' }], 'Day one'],
  ])('heading, %s', (_, photos, heading) => {
    expect(eventGallery('Airway workshop', photos).heading).toBe(heading);
  });

  it('offers resized thumbnails of the site’s photos and describes each photo', () => {
    const gallery = eventGallery('Airway workshop', [
      { path: '/Admin/uploads/events/3/1.jpg', description: 'Day one' },
      { path: 'https://cdn.example.org/2.jpg', description: '' },
    ]);
    expect(gallery.label).toBe('Photos of Airway workshop');
    expect(gallery.photos).toEqual([
      {
        src: '/Admin/uploads/events/3/1.jpg',
        thumbnail: '/Admin/uploads/events/3/1.jpg?w=480',
        thumbnailSrcset:
          '/Admin/uploads/events/3/1.jpg?w=480 480w, /Admin/uploads/events/3/1.jpg?w=720 720w, /Admin/uploads/events/3/1.jpg?w=960 960w',
        alt: 'Day one',
      },
      {
        src: 'https://cdn.example.org/2.jpg',
        thumbnail: 'https://cdn.example.org/2.jpg',
        alt: 'Photo 2 of Airway workshop',
      },
    ]);
  });
});
