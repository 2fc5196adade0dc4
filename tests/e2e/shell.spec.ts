import { expect, test, type Page } from '@playwright/test';
import { PAGE_ROUTES } from './routes.ts';

/**
 * Stops links from navigating, so a test sees what choosing one does to the page it is on (every
 * page load starts with menus closed, so after a navigation "closed" would prove nothing). The
 * listener runs last, after the page's own click handlers.
 */
async function stayOnPage(page: Page) {
  await page.evaluate(() => window.addEventListener('click', (event) => event.preventDefault()));
}

test.describe('navigation', () => {
  for (const route of PAGE_ROUTES) {
    test(`${route.path} marks "${route.navLabel}" as the current page`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const current = nav.locator('[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText(route.navLabel ?? '');
      await expect(current).toHaveAttribute('href', route.path);
      // The current link is highlighted, not only marked.
      const [currentBg, otherBg] = await Promise.all([
        current.evaluate((el) => getComputedStyle(el).backgroundColor),
        nav
          .locator('a:not([aria-current])')
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      ]);
      expect(currentBg).not.toBe(otherBg);
    });
  }

  test('the logos link home and the header stays at the top while scrolling', async ({ page }) => {
    await page.goto('/Office-Brearers');
    await page.mouse.wheel(0, 1500);
    await expect(page.locator('.site-header')).toBeInViewport();
    await page.locator('.site-header .brand').click();
    await expect(page).toHaveURL('/');
  });

  for (const [alias, canonical, label] of [
    ['/Past-Webinars', '/past-webinars', 'Past Webinars'],
    ['/Monthly-activities', '/monthly-activities', 'Monthly Activities'],
    ['/office-brearers', '/Office-Brearers', 'Office Bearers'],
  ] as const) {
    test(`${alias} redirects permanently to ${canonical} and highlights ${label}`, async ({ page, request }) => {
      const direct = await request.get(alias, { maxRedirects: 0 });
      expect(direct.status()).toBe(301);
      expect(direct.headers()['location']).toBe(canonical);
      await page.goto(alias);
      await expect(page).toHaveURL(canonical);
      await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveText(label);
    });
  }

  test('an unknown address gets the friendly 404 page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('main').getByRole('link', { name: 'Office Bearers' })).toBeVisible();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('folds behind a button that opens it and closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(links.first()).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(links).toHaveCount(7);
    for (const link of await links.all()) await expect(link).toBeVisible();

    await stayOnPage(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Branches' }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    for (const link of await links.all()) await expect(link).toBeHidden();
    await expect(page).toHaveURL('/');
  });

  test('opens and closes with the keyboard; Escape closes it and returns focus', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The search field comes first in the menu, then the links.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('search', { name: 'Site search' }).getByRole('searchbox')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Home', exact: true }).first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });

  test('every navigation link and footer link is reachable on a phone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect(links).toHaveCount(7);
    for (const link of await links.all()) await expect(link).toBeVisible();
    await expect(page.locator('#footer-quick-links')).toBeVisible();
    await expect(page.locator('#footer-branches')).toBeVisible();
  });
});

test.describe('footer', () => {
  test('shows contact links, quick links, five branches, social links and this year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.locator('#footer-quick-links a')).toHaveCount(7);
    await expect(footer.locator('#footer-branches a')).toHaveText([
      'Chennai',
      'Madurai',
      'Thoothukudi',
      'Coimbatore',
      'Salem',
    ]);
    for (const external of await footer.locator('a[target="_blank"]').all()) {
      await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(footer.locator('[data-current-year]')).toHaveText(String(new Date().getFullYear()));
  });

  test('the copyright year follows the visitor’s clock, not the build date', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2031-06-01T10:00:00Z'));
    await page.goto('/');
    await expect(page.getByRole('contentinfo').locator('[data-current-year]')).toHaveText('2031');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 800 } });

    test('Quick Links and Branches are accordions, one open at a time; a link choice closes it', async ({ page }) => {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      const quick = footer.getByRole('button', { name: 'Quick Links' });
      const branches = footer.getByRole('button', { name: 'Branches' });
      await expect(quick).toHaveAttribute('aria-expanded', 'false');
      await expect(branches).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('#footer-quick-links')).toBeHidden();

      await quick.click();
      await expect(quick).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('#footer-quick-links')).toBeVisible();
      // On phones the /Gallery link is labelled Alumni.
      await expect(page.locator('#footer-quick-links').getByRole('link', { name: 'Alumni' })).toBeVisible();

      await branches.click();
      await expect(branches).toHaveAttribute('aria-expanded', 'true');
      await expect(quick).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('#footer-quick-links')).toBeHidden();

      await branches.click();
      await expect(branches).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('#footer-branches')).toBeHidden();

      await quick.click();
      await expect(page.locator('#footer-quick-links')).toBeVisible();
      await stayOnPage(page);
      await page.locator('#footer-quick-links').getByRole('link', { name: 'Contact Us' }).click();
      await expect(quick).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('#footer-quick-links')).toBeHidden();
      await expect(page).toHaveURL('/');

      // The same for the branches.
      await branches.click();
      await expect(page.locator('#footer-branches')).toBeVisible();
      await page.locator('#footer-branches').getByRole('link').first().click();
      await expect(branches).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('#footer-branches')).toBeHidden();
    });
  });
});

test.describe('scroll to top', () => {
  test('appears from 20 px of scrolling and takes the visitor back up', async ({ page }) => {
    await page.goto('/Office-Brearers');
    const button = page.getByRole('button', { name: 'Back to top' });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 19));
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 20));
    await expect(button).toBeVisible();
    const radius = await button.evaluate((el) => getComputedStyle(el).borderRadius);
    expect(radius).toBe('50%');
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });

  for (const width of [390, 768]) {
    test(`never covers a footer link at the end of the page, ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/privacy');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const button = page.getByRole('button', { name: 'Back to top' });
      await expect(button).toBeVisible();
      const covered = await button.evaluate((el) => {
        const b = el.getBoundingClientRect();
        return [...document.querySelectorAll('footer a')]
          .flatMap((link) => [...link.getClientRects()].map((r) => ({ r, text: link.textContent?.trim() })))
          .filter(({ r }) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
          .map(({ text }) => text);
      });
      expect(covered).toEqual([]);
    });
  }
});
