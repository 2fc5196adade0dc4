/**
 * The news feed (/feed.xml) opened in a browser on a phone: a page saying what it is and how to
 * subscribe, under the feed's own security policy; and what the society's old backend sends with
 * control characters (tests/e2e/fakeEventsBackend.ts, event 503) reaches neither the feed nor the
 * calendar, which a browser and a calendar parser then read whole.
 */
import { expect, test, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { REMOTE_URL } from '../../playwright.config.ts';
import { expectNoAxeViolations } from './axe.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
// eslint-disable-next-line no-control-regex -- finding control characters is the point here
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

test.use(PHONE);

/** Every message a page logs about its security policy. */
function policyRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

test('the feed opens as a page on a phone: what it is, how to subscribe, the latest entries', async ({ page }) => {
  const refused = policyRefusals(page);
  await page.goto('/');
  const feedUrl = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute('href');
  const answer = await page.goto(new URL(feedUrl ?? '').pathname);
  expect(answer?.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(answer?.headers()['content-security-policy']).toContain("style-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News feed');
  await expect(page).toHaveTitle(/^News feed · /);
  await expect(page.getByRole('heading', { name: 'How to subscribe' })).toBeVisible();
  await expect(page.locator('code')).toHaveText(feedUrl ?? '');
  await expect(page.getByRole('link', { name: 'Subscribe to the calendar' })).toHaveAttribute('href', /^webcal:\/\//);
  // Laid out for the phone (its viewport, not a desktop page shrunk), by the stylesheet: entries as cards.
  expect(await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([390, 390]);
  const firstEntry = page.locator('entry').first();
  await expect(firstEntry).toBeVisible();
  expect(await firstEntry.evaluate((entry) => getComputedStyle(entry).borderTopStyle)).toBe('solid');
  await expect(page.locator('entry > id').first()).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('feed-on-a-phone.png'), fullPage: false });
  await expectNoAxeViolations(page);
  expect(refused).toEqual([]);
});

test('control characters from the old backend reach neither the feed nor the calendar', async ({ page, request }) => {
  const title = 'Madurai - Control Characters CME';
  const feed = await request.get(`${REMOTE_URL}/feed.xml`);
  expect(feed.status()).toBe(200);
  const feedText = await feed.text();
  expect(feedText).not.toMatch(CONTROL);
  // The browser's XML parser reads the whole feed (one control character and it shows only an error).
  await page.goto(`${REMOTE_URL}/feed.xml`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News feed');
  await expect(page.locator('entry > title').filter({ hasText: title })).toBeVisible();
  await expect(page.locator('entry').filter({ hasText: title }).locator('summary')).toContainText(
    'Sent by an old backend',
  );

  const calendar = await request.get(`${REMOTE_URL}/calendar.ics`);
  const calendarText = await calendar.text();
  expect(calendarText).not.toMatch(CONTROL);
  const events = new ICAL.Component(ICAL.parse(calendarText))
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent));
  const event = events.find((candidate) => candidate.uid.startsWith('event-503@'));
  expect([event?.summary, event?.description.split('\n')[0]]).toEqual([title, 'Sent by an old backend']);
});
