/**
 * The site search: the header's search field, the /search page (Pagefind's index, built with
 * the site, loaded only when the visitor searches), results that open the right page, and a
 * branch bearer's result that opens the Branches page with that bearer shown.
 */
import { expect, test, type Page } from '@playwright/test';
import { bearerAnchor, slugify } from '../../src/lib/links.ts';
import { expectNoAxeViolations } from './axe.ts';
import { branchesContent, webinarsContent } from './content.ts';
import { PAGE_ROUTES } from './routes.ts';
import { holdIslandScripts } from './holdScripts.ts';
import { settled, wheelDown } from './settled.ts';

const BRANCHES = branchesContent();
const ALL_NAMES = BRANCHES.flatMap((branch) => branch.bearers.map((bearer) => bearer.name));
const surname = (name: string) => name.split(' ').at(-1) ?? name;

/** A Salem bearer who is not the first (whom the page shows anyway). */
const SALEM = BRANCHES.find((branch) => branch.city === 'Salem');
const SOUGHT = (() => {
  const index = 2;
  const bearer = SALEM?.bearers[index];
  if (!SALEM || !bearer) throw new Error('the sample content needs a third Salem bearer');
  return { ...bearer, index, anchor: bearerAnchor(SALEM.city, index) };
})();
/** Every bearer with that surname: each is a result. */
const NAMESAKES = ALL_NAMES.filter((name) => surname(name) === surname(SOUGHT.name));

const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
const searchField = (page: Page) => page.getByRole('searchbox', { name: /Search for a person/ });

/** Records every request for the search index and its code. */
function pagefindRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/pagefind/')) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

test.describe('site search', () => {
  test('the header field leads to the search page, which finds a branch and its bearers', async ({ page }) => {
    await page.goto('/Office-Brearers');
    const header = page.getByRole('search', { name: 'Site search' });
    await header.getByRole('searchbox', { name: 'Search the site' }).fill('Salem');
    await header.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Salem$/);
    await expect(searchField(page)).toHaveValue('Salem');
    await expect(page.getByRole('status')).toHaveText(/^\d+ results for “Salem”\.$/);
    const titles = await results(page).getByRole('link').allTextContents();
    expect(titles).toContain('Salem');
    for (const bearer of SALEM?.bearers ?? []) expect(titles).toContain(bearer.name);
    await expect(results(page).getByRole('link', { name: 'Salem', exact: true })).toHaveAttribute(
      'href',
      '/branches#salem-title',
    );
  });

  test('what is typed before the search code has loaded (a slow phone) is kept and searched', async ({ page }) => {
    const release = await holdIslandScripts(page);
    await page.goto('/search', { waitUntil: 'domcontentloaded' });
    await searchField(page).pressSequentially('Salem');
    release();
    await expect(page.getByRole('status')).toHaveText(/^\d+ results for “Salem”\.$/);
    await expect(searchField(page)).toHaveValue('Salem');
  });

  test('typing a surname finds the bearer; the result opens that branch with that bearer shown', async ({ page }) => {
    const requests = pagefindRequests(page);
    await page.goto('/search');
    expect(requests).toEqual([]);
    await searchField(page).pressSequentially(surname(SOUGHT.name), { delay: 30 });
    await expect(results(page).getByRole('link')).toHaveText(NAMESAKES);
    await expect(page).toHaveURL(new RegExp(`\\?q=${surname(SOUGHT.name)}$`));
    const result = results(page).filter({ has: page.getByRole('link', { name: SOUGHT.name, exact: true }) });
    await expect(result.getByRole('link')).toHaveText(SOUGHT.name);
    await expect(result).toContainText(`${SOUGHT.position}, Salem branch.`);
    expect(requests).toContain('/pagefind/pagefind.js');

    await result.getByRole('link').click();
    await expect(page).toHaveURL(`/branches#${SOUGHT.anchor}`);
    const card = page.locator(`section#${slugify('Salem')}`);
    await expect(card.getByRole('button', { name: 'Next Salem bearer' })).toBeEnabled();
    await expect(card.locator('li[data-bearer]:visible .name')).toHaveText(SOUGHT.name);
    await expect(card.getByRole('heading', { name: 'Salem', exact: true })).toBeInViewport();
    await expect(card.locator('.cycler__position')).toHaveText(`${SOUGHT.index + 1} / ${SALEM?.bearers.length}`);
  });

  test('finds a webinar by its topic and opens its recording in a new tab', async ({ page }) => {
    const webinar = webinarsContent().find((item) => /sedation/i.test(item.title));
    if (!webinar) throw new Error('the sample content needs a webinar on sedation');
    await page.goto('/search?q=sedation');
    const link = results(page).getByRole('link', { name: new RegExp(webinar.title) });
    await expect(link).toHaveAttribute('href', webinar.videoUrl);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(results(page).first()).toContainText(webinar.host);
  });

  test('a search with more than 20 results says how many, and Show more reaches every one', async ({ page }) => {
    // Every webinar's host reads "Hosted by ...": each webinar is a result, and so are the
    // milestones (one reads "All-India conferences hosted in three cities").
    const videos = [...webinarsContent().map((webinar) => webinar.videoUrl), '/#milestones-title'];
    expect(videos.length).toBeGreaterThan(20);
    await page.goto('/search?q=hosted');
    await expect(page.getByRole('status')).toHaveText(`${videos.length} results for “hosted”.`);
    await expect(results(page)).toHaveCount(20);
    const more = page.getByRole('button', { name: /^Show more results/ });
    await expect(more).toHaveText(`Show more results (20 of ${videos.length} shown)`);
    await more.click();
    await expect(results(page)).toHaveCount(videos.length);
    await expect(more).toHaveCount(0);
    await expect(results(page).nth(20).getByRole('link')).toBeFocused();
    const listed = await results(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(listed.sort()).toEqual([...videos].sort());
    await expect(page).toHaveURL(/\/search\?q=hosted$/);
  });

  test('finds a milestone and the head office', async ({ page }) => {
    await page.goto('/search?q=1974');
    await expect(results(page).getByRole('link', { name: 'Milestones' })).toHaveAttribute('href', '/#milestones-title');
    await searchField(page).fill('headoffice');
    await expect(results(page).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/Contact-Us');
  });

  test('says so when nothing is found, and offers the directory pages', async ({ page }) => {
    await page.goto('/search?q=zzqxv');
    await expect(page.getByRole('status')).toHaveText(/^Nothing found for “zzqxv”/);
    await expect(page.getByRole('main').getByRole('link', { name: 'Branches' })).toHaveAttribute('href', '/branches');
  });

  test('runs under the page policy without breaking any of its rules', async ({ page }) => {
    await page.addInitScript(() => {
      const violations: string[] = [];
      Reflect.set(window, '__policyViolations', violations);
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto('/search?q=Salem');
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("'wasm-unsafe-eval'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toMatch(/'unsafe-eval'/);
    await expect(results(page).first()).toBeVisible();
    expect(await page.evaluate(() => Reflect.get(window, '__policyViolations'))).toEqual([]);
  });

  test('is free of accessibility violations, with results, on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/search?q=Salem');
    await expect(results(page).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('on a phone the header field is in the menu, and works by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const header = page.getByRole('search', { name: 'Site search' });
    await expect(header).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.keyboard.press('Tab');
    await expect(header.getByRole('searchbox')).toBeFocused();
    await page.keyboard.type('Coimbatore');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Coimbatore$/);
    await expect(results(page).first()).toBeVisible();
  });
});

test.describe('the search index is not loaded on other pages', () => {
  for (const path of [...PAGE_ROUTES.map((route) => route.path), '/event-22', '/privacy', '/Events/1']) {
    test(`${path} fetches nothing of /pagefind/`, async ({ page }) => {
      // Scrolled through a screen at a time, so that every island on the way hydrates: on a busy
      // machine the home page alone takes more than the default limit.
      test.slow();
      const requests = pagefindRequests(page);
      await page.goto(path);
      for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
        await wheelDown(page, 600);
      }
      await settled(page);
      expect(requests).toEqual([]);
    });
  }

  test('the search page loads it only once the visitor starts searching', async ({ page }) => {
    const requests = pagefindRequests(page);
    await page.goto('/search');
    await settled(page);
    expect(requests).toEqual([]);
    await searchField(page).focus();
    await expect.poll(() => requests).toContain('/pagefind/pagefind.js');
  });

  test('its WebAssembly is asked for at once, beside the code, not after the entry file (a phone waits less)', async ({
    page,
  }) => {
    const requests = pagefindRequests(page);
    const wasm = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/pagefind/wasm.en.pagefind');
    await page.goto('/search');
    await searchField(page).pressSequentially('Salem');
    expect((await wasm).status()).toBe(200);
    await expect(page.getByRole('status')).toHaveText(/^\d+ results for “Salem”\.$/);
    const first = (file: string) => requests.indexOf(`/pagefind/${file}`);
    expect(first('wasm.en.pagefind')).toBeGreaterThanOrEqual(0);
    expect(first('wasm.en.pagefind')).toBeLessThan(first('pagefind-entry.json'));
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header form leads to a search page that says search needs JavaScript and offers the pages', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('search', { name: 'Site search' }).getByRole('searchbox').fill('Salem');
    await page.getByRole('search', { name: 'Site search' }).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?q=Salem$/);
    // Playwright's text matching skips <noscript>, so read the note's own text.
    const note = page.locator('.search-page__noscript');
    await expect(note).toBeVisible();
    expect(await note.textContent()).toContain('Search needs JavaScript');
    await expect(note.locator('a[href="/branches"]')).toHaveCount(1);
  });

  test("a bearer's anchor scrolls that bearer's card into view", async ({ page }) => {
    await page.goto(`/branches#${SOUGHT.anchor}`);
    await expect(page.locator(`#${SOUGHT.anchor}`)).toBeInViewport();
    await expect(page.locator(`#${SOUGHT.anchor}`)).toHaveText(SOUGHT.name);
  });
});
