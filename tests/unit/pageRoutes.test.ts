/**
 * The fixed routes are listed in three places: the pages themselves (src/pages), the site's list
 * (src/lib/routes.ts: the navigation, the case redirects of the server) and the browser tests' list
 * (tests/e2e/routes.ts). This derives the fixed page routes from src/pages and fails when a list
 * disagrees with it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXED_ROUTES, NAV_LINKS } from '../../src/lib/routes.ts';
import { PAGE_ROUTES } from '../e2e/routes.ts';

const pagesDir = path.resolve(import.meta.dirname, '../../src/pages');

/**
 * The public page routes without parameters: each .astro page outside /Admin (the staff's pages,
 * behind the sign-in), except the 404 page, which answers any unknown path, and partials (pieces of
 * HTML a page fetches, such as /coming-up: `export const partial = true`), which are not pages.
 */
function fixedPageRoutes(): string[] {
  return readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.astro') && !file.includes('[') && !file.startsWith('Admin/'))
    .filter((file) => !/^export const partial = true;$/m.test(readFileSync(path.join(pagesDir, file), 'utf8')))
    .map((file) => `/${file.slice(0, -'.astro'.length)}`.replace(/\/?index$/, '') || '/')
    .filter((route) => route !== '/404')
    .sort();
}

describe('the fixed routes', () => {
  const fromPages = fixedPageRoutes();

  it('are found in src/pages', () => {
    expect(fromPages).toContain('/');
    expect(fromPages).toContain('/Office-Brearers');
    expect(fromPages.length).toBeGreaterThanOrEqual(NAV_LINKS.length);
  });

  it('are listed in src/lib/routes.ts, spelt as their page files are, and nothing else is', () => {
    expect([...FIXED_ROUTES].sort()).toEqual(fromPages);
  });

  it('are visited by the browser tests (tests/e2e/routes.ts): every navigation link, each a page', () => {
    const visited = PAGE_ROUTES.map((route) => route.path);
    expect(visited).toEqual(NAV_LINKS.map((link) => link.href));
    for (const route of visited) expect(fromPages, route).toContain(route);
  });
});
