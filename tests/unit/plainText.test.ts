import { describe, expect, it } from 'vitest';
import { capitalised, withoutControlCharacters } from '../../src/lib/plainText.ts';

describe('withoutControlCharacters', () => {
  it.each([
    ['NUL, BS and ESC', 'Salem\u0000 CME\u0008 day\u001b', 'Salem CME day'],
    ['DEL and C1 controls', 'a\u007fb\u0085c\u009fd', 'abcd'],
    ['form feed and vertical tab', 'a\u000cb\u000bc', 'abc'],
    ['the two non-characters XML forbids', 'a\ufffeb\uffffc', 'abc'],
    ['lone surrogates', 'a\ud800b\udc00c', 'abc'],
    ['tab and line breaks stay', 'a\tb\nc\r\nd', 'a\tb\nc\r\nd'],
    ['letters of every script and emoji stay', 'மதுரை – café 😀 <&>', 'மதுரை – café 😀 <&>'],
    ['nothing', '', ''],
  ])('%s', (_, input, expected) => {
    expect(withoutControlCharacters(input)).toBe(expected);
  });
});

describe('capitalised', () => {
  it.each([
    ['invitation for asha (owner)', 'Invitation for asha (owner)'],
    ['the cover', 'The cover'],
    ['Already capitalised', 'Already capitalised'],
    ['', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(capitalised(input)).toBe(expected);
  });
});
