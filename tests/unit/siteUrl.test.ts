import { describe, expect, it } from 'vitest';
import { absoluteUrl, publicOriginOf, siteUrlOf } from '../../src/lib/siteUrl.ts';

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

describe('publicOriginOf', () => {
  it.each([
    ['https://isa.example.org/', '0.0.0.0', 4321, 'https://isa.example.org'],
    [' https://Isa.Example.org:443/path ', '127.0.0.1', 4321, 'https://isa.example.org'],
    [undefined, '127.0.0.1', 4321, 'http://127.0.0.1:4321'],
    ['', '127.0.0.1', 80, 'http://127.0.0.1'],
    [undefined, '::1', 5000, 'http://[::1]:5000'],
    [undefined, '[::1]', 5000, 'http://[::1]:5000'],
    [undefined, '0.0.0.0', 4321, 'http://127.0.0.1:4321'],
  ])('SITE_URL %j, HOST %s, PORT %i: %s', (siteUrl, host, port, origin) => {
    expect(publicOriginOf(siteUrl, host, port)).toBe(origin);
  });
});
