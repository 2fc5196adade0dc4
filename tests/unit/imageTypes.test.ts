import { describe, expect, it } from 'vitest';
import { IMAGE_CONTENT_TYPES, UPLOAD_ACCEPT, UPLOAD_FORMATS, isRasterPhoto } from '../../src/lib/imageTypes.ts';

describe('isRasterPhoto', () => {
  it.each([
    ['image/svg+xml', false],
    ['text/html', false],
    ['image/heic', false],
    ['', false],
    ['image/jpeg', true],
    ['image/png', true],
    ['image/webp', true],
    ['image/avif', true],
    ['image/gif', true],
  ])('%s -> %s', (type, expected) => {
    expect(isRasterPhoto(type)).toBe(expected);
  });
});

describe('the image types', () => {
  it('serve SVG but never upload it', () => {
    expect(IMAGE_CONTENT_TYPES['.svg']).toBe('image/svg+xml');
    expect(Object.keys(UPLOAD_FORMATS)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });

  it('let the file chooser offer only the upload types, by type and by extension (no HEIC)', () => {
    expect(UPLOAD_ACCEPT).toBe('image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp');
  });
});
