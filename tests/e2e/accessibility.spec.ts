import { test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { PAGE_ROUTES } from './routes.ts';
import { settled } from './settled.ts';

const EXTRA_ROUTES = [
  '/no-such-page',
  '/Events/1',
  '/event-22',
  '/privacy',
  '/search',
  '/monthly-activities?place=Salem',
];

for (const path of [...PAGE_ROUTES.map((route) => route.path), ...EXTRA_ROUTES]) {
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
