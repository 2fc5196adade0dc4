/**
 * No two routes or public files may differ only in letter case: on macOS and Windows they are
 * one path, so a checkout or a copy of the build there would lose one (the build itself is
 * checked by tests/e2e/build-output.spec.ts).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseCollisions, filesUnder, pageRoute } from '../casePaths.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('pageRoute', () => {
  it.each([
    ['index.astro', ''],
    ['Gallery.astro', 'Gallery'],
    ['robots.txt.ts', 'robots.txt'],
    ['Events/[id].astro', 'Events/[id]'],
    ['Admin/api/index.ts', 'Admin/api'],
  ])('%s serves "%s"', (file, route) => {
    expect(pageRoute(file)).toBe(route);
  });
});

describe('caseCollisions', () => {
  it.each([
    ['two pages', ['Past-Webinars', 'past-webinars'], [['Past-Webinars', 'past-webinars']]],
    ['a page and a public folder', ['Gallery', 'gallery/photo.jpg'], [['Gallery', 'gallery']]],
    ['two folders on the way', ['Events/[id]', 'events/list'], [['Events', 'events']]],
    ['two public files', ['media/Clip.mp4', 'media/clip.mp4'], [['media/Clip.mp4', 'media/clip.mp4']]],
  ])('finds %s', (_case, paths, expected) => {
    expect(caseCollisions(paths)).toEqual(expected);
  });

  it.each([
    ['distinct routes', ['Gallery', 'branches', 'Events/[id]']],
    ['files sharing a folder', ['media/sports-meet.mp4', 'media/sports-meet.webm']],
    ['the same path twice', ['Contact-Us', 'Contact-Us']],
  ])('accepts %s', (_case, paths) => {
    expect(caseCollisions(paths)).toEqual([]);
  });
});

describe('the site', () => {
  const routes = filesUnder(path.join(root, 'src/pages')).map(pageRoute);
  const publicFiles = filesUnder(path.join(root, 'public'));

  it('has its pages and public files where this test looks', () => {
    expect(routes).toEqual(expect.arrayContaining(['Gallery', 'Office-Brearers', 'past-webinars']));
    expect(publicFiles).toEqual(expect.arrayContaining(['favicon.svg']));
  });

  it('has no two routes or public files that differ only in letter case', () => {
    expect(caseCollisions([...routes, ...publicFiles])).toEqual([]);
  });
});
