import { expect, test, type Page } from '@playwright/test';
import { indiaDay } from '../../src/lib/calendar/happenings.ts';
import { webinarIsoDate } from '../../src/lib/contentDates.ts';
import { expectNoAxeViolations } from './axe.ts';
import { conclaveContent, webinarsContent } from './content.ts';

const WEBINARS = webinarsContent();
const CONCLAVE = conclaveContent();

/** The webinars of a year as the page should show them: newest first, then in file order. */
function webinarsOf(year: number) {
  // webinarIsoDate is table-tested (tests/unit/contentDates.test.ts); here it only orders the expectation.
  const key = (date: string) => webinarIsoDate(date) ?? '';
  return WEBINARS.map((webinar, order) => ({ ...webinar, order }))
    .filter((webinar) => webinar.date.endsWith(` - ${year}`))
    .sort((a, b) => key(b.date).localeCompare(key(a.date)) || a.order - b.order);
}

/** The years with a webinar held by today (in India), newest first, as the options read. */
function yearsWithWebinars(): string[] {
  const today = indiaDay(new Date());
  const held = WEBINARS.flatMap((webinar) => webinarIsoDate(webinar.date) ?? []).filter((day) => day < today);
  return [...new Set(held.map((day) => day.slice(0, 4)))].sort().reverse();
}

async function yearSelect(page: Page) {
  const select = page.getByLabel('Year');
  await select.scrollIntoViewIfNeeded();
  await expect(select).toBeEnabled();
  return select;
}

const cards = (page: Page) => page.locator('.webinar-grid > li');
const status = (page: Page) => page.locator('.webinar-filter').getByRole('status');
const emptyMessage = (page: Page) => page.locator('.webinar-filter__empty');

test('shows the banner', async ({ page }) => {
  await page.goto('/past-webinars');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Past Webinars');
});

test.describe('the 2020 conclave', () => {
  test('links are grouped by hall with the dates of spec point 3, each opening a new tab without opener', async ({
    page,
  }) => {
    await page.goto('/past-webinars');
    const section = page.locator('section.conclave');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(CONCLAVE.title);
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(['Hall A', 'Hall B', 'Hall C']);
    const expected: Record<string, string[]> = {
      'Hall A': ['18.12.2020', '19.12.2020', '20.12.2020'],
      'Hall B': ['18.12.2020', '19.12.2020', '20.12.2020'],
      'Hall C': ['18.12.2020', '19.12.2020'],
    };
    for (const hall of CONCLAVE.halls) {
      const group = section.locator('.hall').filter({ has: page.getByRole('heading', { name: hall.name }) });
      const links = group.getByRole('link');
      await expect(links.locator('time')).toHaveText(expected[hall.name] ?? []);
      for (const [index, link] of hall.links.entries()) {
        const anchor = links.nth(index);
        await expect(anchor).toHaveAttribute('href', link.url);
        await expect(anchor).toHaveAttribute('target', '_blank');
        await expect(anchor).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(anchor).toHaveAccessibleName(`${hall.name} video, ${link.date} (opens in a new tab)`);
        const [day, month, year] = link.date.split('.');
        await expect(anchor.locator('time')).toHaveAttribute('datetime', `${year}-${month}-${day}`);
      }
    }
  });
});

test.describe('the webinar grid', () => {
  test('the year select is labelled, offers only the years with webinars and starts at the newest, 2025', async ({
    page,
  }) => {
    // The spec's years, 2025 down to 2020, each with webinars in the sample content; none held this year.
    expect(yearsWithWebinars()).toEqual(['2025', '2024', '2023', '2022', '2021', '2020']);
    await page.goto('/past-webinars');
    const select = await yearSelect(page);
    await expect(select.locator('option')).toHaveText(yearsWithWebinars());
    await expect(select).toHaveValue('2025');
  });

  test('each year shows exactly the webinars whose date ends with it, at its own address, with the count', async ({
    page,
  }) => {
    await page.goto('/past-webinars');
    for (const year of [2024, 2023, 2022, 2021, 2020, 2025]) {
      const expected = webinarsOf(year);
      expect(expected.length, `the sample content has webinars in ${year}`).toBeGreaterThan(0);
      await (await yearSelect(page)).selectOption(String(year));
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(page).toHaveURL(new RegExp(`/past-webinars\\?year=${year}$`));
      await expect(cards(page)).toHaveCount(expected.length);
      await expect(cards(page).locator('h3')).toHaveText(expected.map((webinar) => webinar.title));
      await expect(cards(page).locator('time')).toHaveText(expected.map((webinar) => webinar.date));
      await expect(status(page)).toHaveText(
        `${expected.length} webinar${expected.length === 1 ? '' : 's'} from ${year}`,
      );
      await expect(emptyMessage(page)).toHaveCount(0);
    }
  });

  test('a year without webinars is not offered: its address shows the newest year; the page carries one year only', async ({
    page,
  }) => {
    expect(webinarsOf(2026)).toHaveLength(0);
    await page.goto('/past-webinars?year=2026');
    await expect(page.getByLabel('Year')).toHaveValue('2025');
    await expect(page.getByLabel('Year').locator('option', { hasText: '2026' })).toHaveCount(0);
    await expect(cards(page)).toHaveCount(webinarsOf(2025).length);
    await expect(emptyMessage(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
    // Neither another year's webinars nor the webinars still to come are in the page.
    const html = await (await page.request.get('/past-webinars?year=2024')).text();
    for (const webinar of WEBINARS.filter((item) => !item.date.endsWith(' - 2024'))) {
      expect(html).not.toContain(webinar.videoUrl);
    }
  });

  test('each card shows its image, and on hover or focus its title, date and Watch Now link', async ({ page }) => {
    await page.goto('/past-webinars');
    await yearSelect(page);
    const [webinar] = webinarsOf(2025);
    if (!webinar) throw new Error('no webinar in 2025');
    const card = cards(page).first();
    const image = card.locator('img');
    await expect(image).toHaveAttribute('width', /\d+/);
    await expect(image).toHaveAttribute('height', /\d+/);
    await expect(image).toHaveAttribute('srcset', /\d+w/);
    // The first card is in a phone's first screen: loaded at once; the others lazily.
    await expect(image).toHaveAttribute('loading', 'eager');
    await expect(cards(page).nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const details = card.locator('.webinar-card__details');
    await page.mouse.move(0, 0);
    await expect(details).toHaveCSS('opacity', '0');
    await card.hover();
    await expect(details).toHaveCSS('opacity', '1');
    await page.mouse.move(0, 0);
    await expect(details).toHaveCSS('opacity', '0');

    const watch = card.getByRole('link', { name: `Watch Now: ${webinar.title} (opens in a new tab)` });
    await watch.focus();
    await expect(details).toHaveCSS('opacity', '1');
    await expect(watch).toHaveAttribute('href', webinar.videoUrl);
    await expect(watch).toHaveAttribute('target', '_blank');
    await expect(watch).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the year can be chosen with the keyboard', async ({ page }) => {
    await page.goto('/past-webinars');
    const select = await yearSelect(page);
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await expect(select).toHaveValue('2024');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Show' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\?year=2024$/);
    await expect(cards(page)).toHaveCount(webinarsOf(2024).length);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page holds the default year’s cards and every conclave link, and the form changes the year', async ({
    page,
  }) => {
    await page.goto('/past-webinars');
    const expected = webinarsOf(2025);
    await expect(cards(page)).toHaveCount(expected.length);
    await expect(cards(page).locator('h3')).toHaveText(expected.map((webinar) => webinar.title));
    await expect(page.getByLabel('Year')).toHaveValue('2025');
    const linkCount = CONCLAVE.halls.reduce((total, hall) => total + hall.links.length, 0);
    await expect(page.locator('section.conclave a')).toHaveCount(linkCount);
    await page.getByLabel('Year').selectOption('2022');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(cards(page).locator('h3')).toHaveText(webinarsOf(2022).map((webinar) => webinar.title));
  });
});

test.describe('on a touch phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('the year filter is in the first screen, card details are always shown, nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/past-webinars');
    await expect(page.getByLabel('Year')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Show' })).toBeInViewport();
    const card = cards(page).first();
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('.webinar-card__details')).toHaveCSS('opacity', '1');
    await expect(card.getByRole('link', { name: /^Watch Now/ })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
