import { expect, test, type Locator, type Page } from '@playwright/test';
import { mailtoHref, slugify, telHref } from '../../src/lib/links.ts';
import { expectNoAxeViolations } from './axe.ts';
import { branchesContent, siteContent } from './content.ts';

const BRANCHES = branchesContent();

/** The branch with the most bearers, so wrapping is exercised over the longest cycle. */
const LONGEST = BRANCHES.reduce((longest, branch) =>
  branch.bearers.length > longest.bearers.length ? branch : longest,
);

function branchCard(page: Page, city: string): Locator {
  return page.locator(`section#${slugify(city)}`);
}

/** Scrolls the branch into view (its island hydrates when visible) and waits for its buttons. */
async function hydrated(page: Page, city: string): Promise<Locator> {
  const card = branchCard(page, city);
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('button', { name: `Next ${city} bearer` })).toBeEnabled();
  return card;
}

function visibleBearer(card: Locator): Locator {
  return card.locator('li[data-bearer]:visible');
}

test('shows the banner with its subtitle and the Home breadcrumb', async ({ page }) => {
  await page.goto('/branches');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Branches');
  await expect(page.locator('.page-banner .subtitle')).toHaveText('Meet our professionals');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
});

test('lists the 19 branch groups in their order, each with the city as id and heading', async ({ page }) => {
  expect(BRANCHES).toHaveLength(19);
  await page.goto('/branches');
  const cards = page.locator('.branch-grid > li > section');
  await expect(cards).toHaveCount(19);
  expect(await cards.evaluateAll((sections) => sections.map((section) => section.id))).toEqual(
    BRANCHES.map((branch) => slugify(branch.city)),
  );
  await expect(cards.locator('h2')).toHaveText(BRANCHES.map((branch) => branch.city));
  // A list at the top jumps to each branch: the page is many screens long on a phone.
  const index = page.getByRole('navigation', { name: 'Go to a branch' });
  await expect(index.getByRole('link')).toHaveText(BRANCHES.map((branch) => branch.city));
  await index.getByRole('link', { name: LONGEST.city }).click();
  await expect(branchCard(page, LONGEST.city).getByRole('heading', { level: 2 })).toBeInViewport();
});

test("only the first branch's first photo loads at once, with high priority; the others as they come near", async ({
  page,
}) => {
  await page.goto('/branches');
  const photos = page.locator('.branch-grid li[data-bearer] img');
  const attributes = await photos.evaluateAll((all) =>
    all.map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')]),
  );
  expect(attributes[0]).toEqual(['eager', 'high']);
  expect(attributes.slice(1).every(([loading, priority]) => loading === 'lazy' && priority === null)).toBe(true);
});

test('every footer branch link lands on its branch card', async ({ page }) => {
  await page.goto('/branches');
  for (const city of siteContent().footerBranches) {
    await expect(page.locator('#footer-branches').getByRole('link', { name: city })).toHaveAttribute(
      'href',
      `/branches#${slugify(city)}`,
    );
    await expect(branchCard(page, city)).toHaveCount(1);
  }
  await page.goto(`/branches#${slugify(LONGEST.city)}`);
  await expect(branchCard(page, LONGEST.city).getByRole('heading', { level: 2 })).toBeInViewport();
});

test('each card shows its first bearer: photo, name, position and contact lines, none empty', async ({ page }) => {
  await page.goto('/branches');
  for (const branch of BRANCHES) {
    const card = await hydrated(page, branch.city);
    const [first] = branch.bearers;
    if (!first) throw new Error(`${branch.city} has no bearers`);
    const shown = visibleBearer(card);
    await expect(shown).toHaveCount(1);
    await expect(shown.locator('.name')).toHaveText(first.name);
    await expect(shown.locator('.role')).toHaveText(first.position);
    const photo = shown.getByRole('img');
    await expect(photo).toHaveAttribute('alt', `Photo of ${first.name}`);
    await expect(photo).toHaveAttribute('width', /\d+/);
    await expect(photo).toHaveAttribute('height', /\d+/);

    const emails = [first.email, first.email2].filter((email): email is string => Boolean(email));
    await expect(shown.locator('a[href^="tel:"]')).toHaveAttribute('href', telHref(first.phone));
    await expect(shown.locator('a[href^="mailto:"]')).toHaveCount(emails.length);
    for (const [index, email] of emails.entries()) {
      await expect(shown.locator('a[href^="mailto:"]').nth(index)).toHaveAttribute('href', mailtoHref(email));
    }
  }
  // An empty contact in content is left out rather than shown as an empty link.
  await expect(page.locator('a[href="mailto:"], a[href="tel:"], a[href="mailto:undefined"]')).toHaveCount(0);
});

test('contact lines appear on hover and on keyboard focus', async ({ page }) => {
  await page.goto('/branches');
  const card = await hydrated(page, LONGEST.city);
  const contacts = visibleBearer(card).locator('.contacts');
  await page.mouse.move(0, 0);
  await expect(contacts).toHaveCSS('opacity', '0');
  await visibleBearer(card).hover();
  await expect(contacts).toHaveCSS('opacity', '1');
  await page.mouse.move(0, 0);
  await expect(contacts).toHaveCSS('opacity', '0');
  await visibleBearer(card).locator('a[href^="tel:"]').focus();
  await expect(contacts).toHaveCSS('opacity', '1');
});

test('previous and next cycle through the bearers, wrapping at both ends, and announce the change', async ({
  page,
}) => {
  // Many steps and an axe scan of a long page.
  test.slow();
  const { city, bearers } = LONGEST;
  const count = bearers.length;
  await page.goto('/branches');
  const card = await hydrated(page, city);
  const next = card.getByRole('button', { name: `Next ${city} bearer` });
  const previous = card.getByRole('button', { name: `Previous ${city} bearer` });
  const live = card.locator('[aria-live="polite"]');
  const expectShown = async (index: number) => {
    const bearer = bearers[index];
    if (!bearer) throw new Error(`no bearer ${index}`);
    await expect(visibleBearer(card)).toHaveCount(1);
    await expect(visibleBearer(card).locator('.name')).toHaveText(bearer.name);
    await expect(visibleBearer(card).locator('.role')).toHaveText(bearer.position);
  };
  const expectAnnounced = async (index: number) => {
    const bearer = bearers[index];
    if (!bearer) throw new Error(`no bearer ${index}`);
    await expect(live).toHaveText(`${index + 1} of ${count}: ${bearer.name}, ${bearer.position}`);
  };

  await expectShown(0);
  await expect(live).toHaveText('');

  // Previous from the first wraps to the last.
  await previous.click();
  await expectShown(count - 1);
  await expectAnnounced(count - 1);

  // Next from the last wraps to the first.
  await next.click();
  await expectShown(0);
  await expectAnnounced(0);

  // Next walks through every bearer in order and comes back round.
  for (let step = 1; step <= count; step++) {
    await next.click();
    await expectShown(step % count);
    await expectAnnounced(step % count);
  }

  // Previous walks back down.
  await previous.click();
  await expectShown(count - 1);
  await previous.click();
  await expectShown(count - 2);

  // The enhanced cards are as accessible as the static ones.
  await expectNoAxeViolations(page);
});

test('the buttons work from the keyboard and only act on their own branch', async ({ page }) => {
  const [first, second] = BRANCHES;
  if (!first || !second) throw new Error('expected at least two branches');
  await page.goto('/branches');
  const firstCard = await hydrated(page, first.city);
  const secondCard = await hydrated(page, second.city);
  await firstCard.scrollIntoViewIfNeeded();
  await firstCard.getByRole('button', { name: `Next ${first.city} bearer` }).focus();
  await page.keyboard.press('Enter');
  await expect(visibleBearer(firstCard).locator('.name')).toHaveText(first.bearers[1]?.name ?? '');
  await page.keyboard.press('Space');
  await expect(visibleBearer(firstCard).locator('.name')).toHaveText(first.bearers[2]?.name ?? '');
  await page.keyboard.press('Shift+Tab');
  await expect(firstCard.getByRole('button', { name: `Previous ${first.city} bearer` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(visibleBearer(firstCard).locator('.name')).toHaveText(first.bearers[1]?.name ?? '');
  await expect(visibleBearer(secondCard).locator('.name')).toHaveText(second.bearers[0]?.name ?? '');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every bearer of every branch is in the page and readable', async ({ page }) => {
    await page.goto('/branches');
    for (const branch of BRANCHES) {
      const card = branchCard(page, branch.city);
      const items = card.locator('li[data-bearer]');
      await expect(items).toHaveCount(branch.bearers.length);
      await expect(items.locator('.name')).toHaveText(branch.bearers.map((bearer) => bearer.name));
      await expect(items.locator('.role')).toHaveText(branch.bearers.map((bearer) => bearer.position));
      // Each one, scrolled to, is shown: not hidden, and its name on the screen (all in one pass).
      const unreadable = await items.evaluateAll((elements) =>
        elements.flatMap((item, index) => {
          const name = item.querySelector('.name');
          if (item.hasAttribute('hidden') || !name) return [index];
          name.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
          const box = name.getBoundingClientRect();
          const onScreen =
            box.width > 0 &&
            box.height > 0 &&
            box.bottom > 0 &&
            box.right > 0 &&
            box.top < innerHeight &&
            box.left < innerWidth;
          return onScreen ? [] : [index];
        }),
      );
      expect(unreadable, `${branch.city}: bearers not readable`).toEqual([]);
      // The buttons could do nothing without JavaScript, so they are not offered.
      await expect(card.getByRole('button')).toHaveCount(0);
    }
  });
});

test.describe('on a touch phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('contact lines are always shown, the page does not scroll sideways and the buttons can be tapped', async ({
    page,
  }) => {
    const { city, bearers } = LONGEST;
    await page.goto('/branches');
    const card = await hydrated(page, city);
    await expect(visibleBearer(card).locator('.contacts')).toHaveCSS('opacity', '1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const next = card.getByRole('button', { name: `Next ${city} bearer` });
    const box = await next.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
    await next.tap();
    await expect(visibleBearer(card).locator('.name')).toHaveText(bearers[1]?.name ?? '');
  });
});
