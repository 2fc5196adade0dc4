import { describe, expect, it } from 'vitest';
import { canonicalImageQuery } from '../../src/lib/imageEndpointQuery.ts';

const PICTURE = 'href=%2F_astro%2Fwebinar-1.DR9SB8IE.jpg';

describe('canonicalImageQuery', () => {
  it.each([
    ['w=-5', `${PICTURE}&w=-5`, /"w" must be a whole number/],
    ['w=0', `${PICTURE}&w=0`, /"w" must be a whole number/],
    ['a width with a fraction', `${PICTURE}&w=12.5`, /"w" must be a whole number/],
    ['a height of 100000', `${PICTURE}&w=10&h=100000`, /"h" must be a whole number/],
    ['no href', 'w=480&f=webp', /"href" is missing/],
    ['a file outside the build', 'href=%2Fetc%2Fpasswd&w=480', /"href" must name a picture of the build/],
    ['a folder under /_astro/', 'href=%2F_astro%2F..%2Fsecret.jpg&w=480', /"href" must name a picture/],
    ['another host', 'href=https%3A%2F%2Fexample.com%2Fa.jpg&w=480', /"href" must name a picture/],
    ['an unknown format', `${PICTURE}&w=480&f=bmp`, /"f" must be a picture format/],
    ['an unknown fit', `${PICTURE}&w=480&fit=stretch`, /"fit" must be a way to fit/],
    ['an unknown parameter', `${PICTURE}&w=480&cachebust=1`, /Unknown parameter/],
    ['a parameter twice', `${PICTURE}&w=480&w=960`, /given twice/],
    ['a quality of 1000', `${PICTURE}&w=480&q=1000`, /"q" must be a number up to 999/],
  ])('refuses %s', (_name, search, reason) => {
    const answer = canonicalImageQuery(search);
    expect('error' in answer && answer.error).toMatch(reason);
  });

  it('never repeats what the request sent in its reason', () => {
    const answer = canonicalImageQuery(`${PICTURE}&%3Cscript%3E=1`);
    expect('error' in answer && answer.error).not.toMatch(/script/);
  });

  it.each([
    ['as Astro writes it', `?${PICTURE}&w=320&h=180&f=webp`, `${PICTURE}&w=320&h=180&f=webp`],
    ['in another order', `f=webp&h=180&${PICTURE}&w=320`, `${PICTURE}&w=320&h=180&f=webp`],
    ['with a fit', `${PICTURE}&w=1200&h=630&f=jpeg&fit=cover`, `${PICTURE}&w=1200&h=630&f=jpeg&fit=cover`],
    [
      'with every parameter',
      `${PICTURE}&background=%23fff&position=top+left&fit=cover&f=avif&q=80&h=2&w=1`,
      `${PICTURE}&w=1&h=2&q=80&f=avif&fit=cover&position=top+left&background=%23fff`,
    ],
  ])('spells an address %s as Astro does', (_name, search, query) => {
    expect(canonicalImageQuery(search)).toEqual({ query });
  });
});
