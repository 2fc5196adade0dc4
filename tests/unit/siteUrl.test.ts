import { describe, expect, it } from 'vitest';
import { absoluteUrl, siteUrlOf } from '../../src/lib/siteUrl.ts';

const SITE = new URL('https://isa.example.org/');

describe('absoluteUrl', () => {
  it.each([
    ['/', 'https://isa.example.org/'],
    ['/Events/3', 'https://isa.example.org/Events/3'],
    ['/Admin/uploads/events/3/1.jpg', 'https://isa.example.org/Admin/uploads/events/3/1.jpg'],
    ['/_astro/share.abc.jpg', 'https://isa.example.org/_astro/share.abc.jpg'],
    ['https://cdn.example.org/13.jpg', 'https://cdn.example.org/13.jpg'],
  ])('%s -> %s', (path, expected) => {
    expect(absoluteUrl(path, SITE)).toBe(expected);
  });

  it('needs the site address: there is no falling back to the request', () => {
    expect(() => absoluteUrl('/', undefined)).toThrow(/no public address/);
  });
});

describe('siteUrlOf', () => {
  it.each([
    [undefined, 'https://isa-tamilnadu.example.org/'],
    ['  ', 'https://isa-tamilnadu.example.org/'],
    ['https://isa.example.org', 'https://isa.example.org/'],
  ])('%j -> %s', (value, expected) => {
    expect(siteUrlOf(value).href).toBe(expected);
  });
});
