/**
 * The home page's "Coming up" (decided at each request, fetched by the page once loaded), with its calendar
 * files and the feed.
 */
import { expect, test } from '@playwright/test';
import { parseFeed } from '@rowanmanning/feed-parser';
import ICAL from 'ical.js';
import { readFile } from 'node:fs/promises';
import { upcomingOf, webinarHappening, whenText } from '../../src/lib/calendar/happenings.ts';
import { expectNoAxeViolations } from './axe.ts';
import { webinarsContent } from './content.ts';

test.describe('coming up, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the next webinar, decided at the request: when in IST, host, joining link and Add to calendar; the calendar and feed', async ({
    page,
  }) => {
    const now = new Date();
    const [next] = upcomingOf(
      webinarsContent().flatMap(
        (webinar) => webinarHappening({ ...webinar, image: { src: webinar.image } }, now) ?? [],
      ),
      now,
    );
    if (!next?.joinUrl) throw new Error('the sample content needs an upcoming webinar with a joining link');
    await page.goto('/');
    // The static page holds the build's list; once loaded, it replaces it with the request's (/coming-up).
    const section = page.locator('section#coming-up[data-made="request"]');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('Coming up');
    const item = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: next.title }) });
    await expect(item.locator('time')).toHaveText(whenText(next));
    await expect(item).toContainText(next.summary);
    const join = item.getByRole('link', { name: `Join online: ${next.title} (opens in a new tab)` });
    await expect(join).toHaveAttribute('href', next.joinUrl);
    await expect(join).toHaveAttribute('rel', 'noopener noreferrer');
    const add = item.getByRole('link', { name: `Add to calendar: ${next.title}` });
    await add.scrollIntoViewIfNeeded();
    await expect(add).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
    const calendar = new ICAL.Component(ICAL.parse(await readFile(await download.path(), 'utf8')));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => [event.summary, event.location])).toEqual([[next.title, next.joinUrl]]);
    // The subscription's https:// address answers with every upcoming webinar.
    const subscribe = section.getByRole('link', { name: /^https:.*\/calendar\.ics$/ });
    await expect(section.getByRole('link', { name: 'subscribe to the calendar' })).toHaveAttribute(
      'href',
      /^webcal:\/\//,
    );
    const whole = await page.request.get(new URL(await subscribe.innerText()).pathname);
    expect(whole.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await whole.text()).toContain(`UID:${next.uid}@`);
    // Every page's head announces the feed, which holds the webinar.
    const feedUrl = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute('href');
    const feed = parseFeed(await (await page.request.get(new URL(feedUrl ?? '').pathname)).text());
    expect(feed.items.map((entry) => entry.title)).toContain(next.title);
    await expectNoAxeViolations(page);
  });
});
