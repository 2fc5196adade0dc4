import { describe, expect, it } from 'vitest';
import { parseId } from '../../src/lib/parseId.ts';

describe('parseId', () => {
  it.each([
    ['', undefined],
    ['0', undefined],
    ['-3', undefined],
    ['+3', undefined],
    ['1e3', undefined],
    ['0x10', undefined],
    ['12.0', undefined],
    [' 12', undefined],
    ['12a', undefined],
    ['99999999999999999999', undefined],
    [0, undefined],
    [-1, undefined],
    [1.5, undefined],
    [Number.NaN, undefined],
    [2 ** 53, undefined],
    [true, undefined],
    [null, undefined],
    [undefined, undefined],
    [{}, undefined],
    ['1', 1],
    ['12', 12],
    ['007', 7],
    [12, 12],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  ])('%j -> %j', (value, expected) => {
    expect(parseId(value)).toBe(expected);
  });
});
