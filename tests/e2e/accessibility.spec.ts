import { test } from '@playwright/test';
import { FIXED_ROUTES } from '../../src/lib/routes.ts';
import { expectNoAxeViolations } from './axe.ts';
import { settled } from './settled.ts';

/**
 * Every page of the sitemap's list (src/lib/routes.ts: a page added there is scanned with no step of its own),
 * and pages made from data or from a visitor's choice.
 */
const ROUTES = [...FIXED_ROUTES, '/no-such-page', '/Events/1', '/monthly-activities?place=Salem'];

for (const path of ROUTES) {
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`axe finds no violations on ${path} (${label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await settled(page);
      await expectNoAxeViolations(page);
    });
  }
}
