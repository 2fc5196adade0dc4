import { describe, expect, it } from 'vitest';
import { slideLabel, wrapIndex } from '../../src/lib/carousel.ts';

describe('wrapIndex', () => {
  it.each([
    [0, 1, 3, 1],
    [2, 1, 3, 0],
    [0, -1, 3, 2],
    [1, -1, 3, 0],
    [0, -1, 5, 4],
    [4, 1, 5, 0],
    [0, 7, 3, 1],
    [0, 1, 0, 0],
  ])('from %i by %i among %i -> %i', (index, step, count, expected) => {
    expect(wrapIndex(index, step, count)).toBe(expected);
  });
});

describe('slideLabel', () => {
  it('names slides "n of N" from 1', () => {
    expect([0, 1, 2].map((index) => slideLabel(index, 3))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
  });
});
