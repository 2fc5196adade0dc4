import { describe, expect, it } from 'vitest';
import { canonicalSpelling, FIXED_ROUTES, isCurrentLink, NAV_LINKS } from '../../src/lib/routes.ts';

describe('NAV_LINKS', () => {
  it('has the seven links of spec point 2 in order', () => {
    expect(NAV_LINKS.map((link) => [link.label, link.href])).toEqual([
      ['Home', '/'],
      ['Office Bearers', '/Office-Brearers'],
      ['Branches', '/branches'],
      ['Past Webinars', '/past-webinars'],
      ['Monthly Activities', '/monthly-activities'],
      ['Upcoming', '/Gallery'],
      ['Contact Us', '/Contact-Us'],
    ]);
  });

  it('never has two routes that differ only in letter case', () => {
    const lower = FIXED_ROUTES.map((route) => route.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });
});

describe('canonicalSpelling', () => {
  it.each([
    ['/Past-Webinars', '/past-webinars'],
    ['/Monthly-activities', '/monthly-activities'],
    ['/MONTHLY-ACTIVITIES/', '/monthly-activities'],
    ['/gallery', '/Gallery'],
    ['/contact-us', '/Contact-Us'],
    ['/office-brearers', '/Office-Brearers'],
    ['/Event-22', '/event-22'],
  ])('%s -> %s', (path, expected) => {
    expect(canonicalSpelling(path)).toBe(expected);
  });

  it.each(['/', '/past-webinars', '/Gallery', '/branches/', '/Events/3', '/unknown', '/Admin/api/events_list'])(
    '%s needs no redirect',
    (path) => {
      expect(canonicalSpelling(path)).toBeUndefined();
    },
  );
});

describe('isCurrentLink', () => {
  it.each([
    ['/', '/', true],
    ['/', '/branches', false],
    ['/branches', '/branches/', true],
    ['/past-webinars', '/Past-Webinars', true],
    ['/monthly-activities', '/Monthly-activities', true],
    ['/monthly-activities', '/Events/12', true],
    ['/monthly-activities', '/event-22', true],
    ['/Gallery', '/gallery', true],
    ['/Contact-Us', '/Office-Brearers', false],
  ])('link %s on page %s: %s', (href, path, expected) => {
    expect(isCurrentLink(href, path)).toBe(expected);
  });
});
