/**
 * Rules of the content forms that Keystatic applies while the office saves: exactly four webinars
 * on the home page (a fifth tick cannot be saved), photos that keep their names at a save, and
 * uploads named after the phone's file.
 */
import { describe, expect, it } from 'vitest';
import { photoField, uploadName } from '../../../src/lib/keystatic/formFields.ts';
import { homeWebinarsMessage, webinars } from '../../../src/lib/keystatic/listForms.ts';

const ticked = (count: number, of = 6) =>
  Array.from({ length: of }, (_, index) => ({ title: `Webinar ${index + 1}`, showOnHome: index < count }));

describe('the webinars list rule', () => {
  it('keeps exactly four webinars on the home page', () => {
    expect(homeWebinarsMessage(ticked(4))).toBeUndefined();
  });

  it('refuses a fifth tick, naming the ticked webinars', () => {
    expect(homeWebinarsMessage(ticked(5))).toBe(
      'The home page shows exactly 4 webinars, and 5 are ticked ("Webinar 1", "Webinar 2", "Webinar 3", "Webinar 4", "Webinar 5"): untick "Show on the home page" on 1 of them.',
    );
  });

  it('refuses too few', () => {
    expect(homeWebinarsMessage(ticked(3))).toMatch(/and 3 are ticked .*: tick "Show on the home page" on 1 more\.$/);
  });

  it('is the rule of the webinars form, and the list marks the webinars on the home page', () => {
    const list = webinars.schema.webinars;
    expect(list.validation?.items?.(ticked(5))).toMatch(/5 are ticked/);
    expect(list.validation?.items?.(ticked(4))).toBeUndefined();
  });
});

describe('photo names', () => {
  const field = photoField('Photo', 'bearers/branches', '..', false);
  const photo = { data: new Uint8Array([1, 2, 3]), extension: 'jpg', filename: 'placeholder-male.jpg' };

  it('keeps the name of a stored photo when its entry is saved', () => {
    // Keystatic suggests a name from the photo's place in the form: "bearers/0/image".
    const saved = field.serialize(photo, { suggestedFilenamePrefix: 'bearers/0/image', slug: 'salem' });
    expect(saved.value).toBe('../photos/bearers/branches/salem/placeholder-male.jpg');
    expect(saved.asset?.filename).toBe('placeholder-male.jpg');
  });

  it('reads back the name it wrote', () => {
    expect(
      field.filename('../photos/bearers/branches/salem/placeholder-male.jpg', {
        slug: 'salem',
        suggestedFilenamePrefix: undefined,
      }),
    ).toBe('placeholder-male.jpg');
  });

  it("names an upload after the phone's file, made unique", () => {
    expect(uploadName('IMG_20260114_093012.JPG', 1_700_000_000_000)).toBe('img-20260114-093012-loyw3v28.jpg');
    expect(uploadName('Photo of Dr. Anitha.jpeg', 0)).toBe('photo-of-dr-anitha-0.jpg');
    expect(uploadName('.png', 0)).toBe('photo-0.png');
  });

  it('may be left empty where the page has a generic picture', () => {
    expect(() => field.validate(null)).not.toThrow();
    expect(() => photoField('Picture', 'webinars', '.').validate(null)).toThrow();
  });
});
