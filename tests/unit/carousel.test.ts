import { describe, expect, it, vi } from 'vitest';
import {
  focusPauses,
  rotationState,
  ROTATION_CONTROL,
  slideLabel,
  slidesInView,
  wrapIndex,
} from '../../src/lib/carousel.ts';

/** An element with some attributes, standing in for the DOM's Element (stubbed globally in the tests that use it). */
class FakeElement {
  readonly attributes: string[];
  constructor(attributes: string[]) {
    this.attributes = attributes;
  }
  hasAttribute(name: string) {
    return this.attributes.includes(name);
  }
}

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

describe('the rotation rule both carousels follow', () => {
  it('rotates until the visitor pauses, and holds while the pointer rests on it', () => {
    expect(rotationState(undefined, false, false)).toEqual({ paused: false, rotating: true });
    expect(rotationState(undefined, false, true)).toEqual({ paused: false, rotating: false });
    expect(rotationState('paused', false, false)).toEqual({ paused: true, rotating: false });
  });

  it('starts paused for a visitor who prefers reduced motion, until they press play', () => {
    expect(rotationState(undefined, true, false)).toEqual({ paused: true, rotating: false });
    expect(rotationState('playing', true, false)).toEqual({ paused: false, rotating: true });
  });

  it('is paused by focus on anything in the carousel but its pause button', () => {
    vi.stubGlobal('Element', FakeElement);
    try {
      expect(focusPauses(new FakeElement([ROTATION_CONTROL]) as unknown as EventTarget)).toBe(false);
      expect(focusPauses(new FakeElement(['data-step']) as unknown as EventTarget)).toBe(true);
      expect(focusPauses(null)).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('slidesInView', () => {
  it('counts a slide in view when at least half of it is inside the frame', () => {
    expect(slidesInView([{ portion: 1 }, { portion: 0.5 }, { portion: 0.49 }, { portion: 0 }])).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
