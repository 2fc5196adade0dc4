import { describe, expect, it } from 'vitest';
import { clashInWords, mergeArrangement, mergeFields, mergeValue } from '../../../src/lib/events/mergeEdits.ts';
import { takeAnswer, type EditorPhoto } from '../../../src/islands/admin/photoAnswers.ts';
import { undescribedPhotos, warningParts, type UndescribedPhoto } from '../../../src/lib/events/descriptionWarning.ts';

/** The note as plain text: each link as its photo's number. */
const warningText = (missing: readonly UndescribedPhoto[]) =>
  warningParts(missing)
    .map((part) => ('text' in part ? part.text : String(part.link.place)))
    .join('');

const photos = (...list: [number, string][]) => list.map(([id, description]) => ({ id, description }));

describe('mergeValue', () => {
  it.each([
    ['unchanged here: the stored value', 'a', 'a', 'b', 'b', false],
    ['changed only here: this change', 'a', 'c', 'a', 'c', false],
    ['changed alike in both', 'a', 'c', 'c', 'c', false],
    ['changed in both, differently: the stored value, a clash', 'a', 'c', 'd', 'd', true],
  ])('%s', (_case, base, mine, current, value, clash) => {
    expect(mergeValue(base, mine, current)).toEqual({ value, clash });
  });

  it('prefers this change when asked (the editor taking its own save’s answer)', () => {
    expect(mergeValue('a', 'c', 'd', 'mine')).toEqual({ value: 'c', clash: false });
  });
});

describe('mergeArrangement', () => {
  const base = { photos: photos([1, ''], [2, ''], [3, '']), cover: 1 };

  it('keeps both tabs’ captions of different photos', () => {
    const current = { photos: photos([1, ''], [2, 'Tab A'], [3, '']), cover: 1 };
    const mine = { photos: photos([1, ''], [2, ''], [3, 'Tab B']), cover: 1 };
    expect(mergeArrangement(base, mine, current)).toEqual({
      merged: { photos: photos([1, ''], [2, 'Tab A'], [3, 'Tab B']), cover: 1 },
      clashes: [],
    });
  });

  it('drops a photo deleted elsewhere and keeps one added elsewhere after the others', () => {
    const current = { photos: photos([1, ''], [3, ''], [4, 'New']), cover: 1 };
    const mine = { photos: photos([3, 'Moved up'], [1, ''], [2, '']), cover: 3 };
    expect(mergeArrangement(base, mine, current)).toEqual({
      merged: { photos: photos([3, 'Moved up'], [1, ''], [4, 'New']), cover: 3 },
      clashes: [],
    });
  });

  it('photos uploaded after the base: this tab’s order and cover for them are kept', () => {
    const empty = { photos: [], cover: null };
    const current = { photos: photos([1, ''], [2, ''], [3, '']), cover: 1 };
    const mine = { photos: photos([3, 'Blue'], [1, 'Red'], [2, 'Green']), cover: 2 };
    expect(mergeArrangement(empty, mine, current).merged).toEqual(mine);
  });

  it('a caption, the order and the cover changed in both: the stored ones, each a clash in words', () => {
    const current = { photos: photos([2, 'There'], [1, ''], [3, '']), cover: 2 };
    const mine = { photos: photos([1, ''], [3, ''], [2, 'Here']), cover: 3 };
    const { merged, clashes } = mergeArrangement(base, mine, current);
    expect(merged).toEqual(current);
    expect(clashes.map(clashInWords)).toEqual([
      'The order of the photos was changed in another tab or on another device meanwhile; that change is kept and shown here, yours was not saved.',
      'The description of photo 1 was changed in another tab or on another device meanwhile to “There”; yours was not saved: “Here”.',
      'The cover was changed in another tab or on another device meanwhile; that change is kept and shown here, yours was not saved.',
    ]);
  });
});

describe('mergeFields', () => {
  it('merges the form’s fields one by one', () => {
    const labels = { title: 'the title', date: 'the date' };
    const result = mergeFields(
      labels,
      { title: 'T', date: '2025-01-01' },
      { title: 'T', date: '2025-02-02' },
      {
        title: 'Other tab',
        date: '2025-01-01',
      },
    );
    expect(result).toEqual({ merged: { title: 'Other tab', date: '2025-02-02' }, clashes: [] });
  });
});

describe('takeAnswer (the editor after its save’s answer)', () => {
  const photo = (id: number, description: string): EditorPhoto => ({
    id,
    description,
    path: `/Admin/uploads/events/1/${id}.jpg`,
    thumbnail: `/t/${id}.jpg`,
  });

  it('takes other tabs’ changes, drops deleted photos, keeps what was typed since and uploads that finished since, in their places', () => {
    const sent = { photos: photos([1, 'Mine'], [2, ''], [3, ''], [4, '']), cover: 1 };
    const local = {
      photos: [photo(1, 'Mine, typed on '), photo(2, ''), photo(3, 'Typed since, not sent yet'), photo(9, '')],
      cover: 1,
    };
    const answer = {
      photos: [photo(1, 'Mine'), photo(2, 'From tab A'), photo(3, 'From tab B'), photo(5, 'Added there')],
      arrangement: { photos: photos([1, 'Mine'], [2, 'From tab A'], [3, 'From tab B'], [5, 'Added there']), cover: 1 },
    };
    const next = takeAnswer(sent, local, answer);
    expect(next.photos.map((item) => [item.id, item.description])).toEqual([
      [1, 'Mine, typed on '],
      [2, 'From tab A'],
      [3, 'Typed since, not sent yet'],
      [9, ''],
      [5, 'Added there'],
    ]);
    expect(next.cover).toBe(1);
  });

  it('keeps a photo handed on since the save in its place, not at the end (uploads finishing late)', () => {
    // Chosen 1, 2, 3, 4: the save went with 1 only; the answer has 1, 3, 4 (stored before 2, which arrived last).
    const sent = { photos: photos([1, '']), cover: 1 };
    const local = { photos: [photo(1, ''), photo(2, ''), photo(3, ''), photo(4, '')], cover: 1 };
    const answer = {
      photos: [photo(1, ''), photo(3, ''), photo(4, '')],
      arrangement: { photos: photos([1, ''], [3, ''], [4, '']), cover: 1 },
    };
    expect(takeAnswer(sent, local, answer).photos.map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('the missing-description note', () => {
  it('names photo 2 of 3 and links it to its card', () => {
    const missing = undescribedPhotos(photos([7, 'A ward round'], [8, '  '], [9, 'Lamp lighting']));
    expect(missing).toEqual([{ place: 2, cardId: 'photo-8' }]);
    expect(warningText(missing)).toBe('Photo 2 has no description.');
  });

  it.each([
    [[8, 11], 'Photos 8 and 11 have no description.'],
    [[2, 5, 9], 'Photos 2, 5 and 9 have no description.'],
    [[], ''],
  ])('%j: %s', (places, text) => {
    expect(warningText(places.map((place) => ({ place, cardId: `photo-${place}` })))).toBe(text);
  });
});
