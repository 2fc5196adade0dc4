import { describe, expect, it } from 'vitest';
import { isPhotoWidth, PHOTO_WIDTHS, photoVariants } from '../../../src/lib/events/photoVariants.ts';

describe('photoVariants', () => {
  it.each([
    [
      '/Admin/uploads/events/3/1.jpg',
      {
        src: '/Admin/uploads/events/3/1.jpg?w=480',
        srcset:
          '/Admin/uploads/events/3/1.jpg?w=480 480w, /Admin/uploads/events/3/1.jpg?w=720 720w, /Admin/uploads/events/3/1.jpg?w=960 960w',
      },
    ],
    ['/_astro/cricket.hash.webp', { src: '/_astro/cricket.hash.webp' }],
    ['https://cdn.example.org/a.jpg', { src: 'https://cdn.example.org/a.jpg' }],
    ['/Admin/uploads/a.jpg?v=2', { src: '/Admin/uploads/a.jpg?v=2' }],
    ['', { src: '' }],
  ])('%s', (src, expected) => {
    expect(photoVariants(src)).toEqual(expected);
  });
});

describe('isPhotoWidth', () => {
  it.each([
    [480, true],
    [720, true],
    [960, true],
    [481, false],
    [0, false],
    [Number.NaN, false],
  ])('%d -> %s', (width, expected) => {
    expect(isPhotoWidth(width)).toBe(expected);
  });

  it('offers a small fixed set', () => {
    expect(PHOTO_WIDTHS).toEqual([480, 720, 960]);
  });
});
