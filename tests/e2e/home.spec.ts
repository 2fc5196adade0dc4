import { expect, test, type Locator, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from './axe.ts';
import { homeContent, siteContent, webinarsContent } from './content.ts';
import { settled } from './settled.ts';

const home = homeContent();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const banner = (page: Page) => page.getByRole('region', { name: home.banner.carouselLabel, exact: true });
const activities = (page: Page) => page.getByRole('region', { name: home.activities.carouselLabel, exact: true });
const visibleBannerSlide = (page: Page) => banner(page).locator('.banner-slide:not([hidden])');
const currentDot = (carousel: Locator) => carousel.locator('.carousel-dot[aria-current="true"]');

async function openHome(page: Page) {
  await page.clock.install();
  await page.goto('/');
  // The banner's controls appear once its script (in the page) has run.
  await expect(banner(page).getByRole('button', { name: /the banner pictures/ })).toBeVisible();
}

test.describe('sections and content', () => {
  test('shows every section of spec point 1, in order, from the content files', async ({ page }) => {
    await page.goto('/');
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText([
      'Coming up',
      home.about.title,
      home.webinars.title.replace('{product}', siteContent().product).replace('{year}', '2025'),
      home.milestones.title,
      home.activities.title,
      home.awareness.title,
      home.upcoming.title,
      home.sportsMeet.title,
    ]);
    // The sample content gives the titles of docs/SPEC.md.
    await expect(headings.nth(1)).toHaveText('About Indian Society of Anaesthesiologists Tamilnadu Chapter');
    await expect(headings.nth(2)).toHaveText('ISA TN Monthly Webinar 2025');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.banner.title);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(home.pageTitle)} \\|`));
    await expect(page.getByText(/founded in 1971/)).toBeVisible();
    // Both carousels are named from the content.
    await expect(banner(page)).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(activities(page)).toHaveAttribute('aria-roledescription', 'carousel');
  });

  test('the four home webinars link to their videos in a new tab, and View All to Past Webinars', async ({ page }) => {
    await page.goto('/');
    const cards = page.locator('.webinar-card');
    await expect(cards).toHaveCount(4);
    // Newest first: two from 2025, then two from 2020.
    await expect(cards.locator('.webinar-date')).toHaveText([/2025$/, /2025$/, /2020$/, /2020$/]);
    for (const link of await cards.getByRole('link').all()) {
      await expect(link).toHaveText(new RegExp(`^${escapeRegExp(home.webinars.watchLabel)}: `));
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=/);
    }
    const title = cards.first().locator('.webinar-title');
    const clamp = await title.evaluate((element) => getComputedStyle(element).webkitLineClamp);
    expect(clamp).toBe('2');
    await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/past-webinars');
  });

  test.describe('a home webinar still to come, on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });
    const homeWebinars = webinarsContent().filter((webinar) => webinar.showOnHome);
    const card = (page: Page, date: string) => page.locator('.webinar-card').filter({ hasText: date });

    test('offers Join online (with a joining link) or Add to calendar, never its recording; held ones theirs', async ({
      page,
    }) => {
      const [march, april] = ['14 - March - 2025', '18 - April - 2025'].map((date) => {
        const webinar = homeWebinars.find((candidate) => candidate.date === date);
        if (!webinar) throw new Error(`the sample content needs a home webinar of ${date}`);
        return webinar;
      });
      if (!march || !april?.joinUrl || march.joinUrl) throw new Error('one with a joining link, one without');
      // The visitor's clock: 10 March 2025 in India, before both.
      await page.clock.install({ time: new Date('2025-03-10T10:00:00+05:30') });
      await page.goto('/');
      const watch = (date: string) =>
        card(page, date).getByRole('link', { name: new RegExp(`^${home.webinars.watchLabel}`) });
      await expect(watch(march.date)).toHaveCount(0);
      await expect(watch(april.date)).toHaveCount(0);
      const join = card(page, april.date).getByRole('link', {
        name: `Join online: ${april.title} (opens in a new tab)`,
      });
      await expect(join).toHaveAttribute('href', april.joinUrl);
      await expect(join).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(card(page, march.date)).toContainText('The joining link will be here before the day.');
      const add = card(page, march.date).getByRole('link', { name: `Add to calendar: ${march.title}` });
      await add.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('coming-webinar-card.png') });
      const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
      const calendar = new ICAL.Component(ICAL.parse(await readFile(await download.path(), 'utf8')));
      expect(calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent).summary)).toEqual([
        march.title,
      ]);
      // The webinars of 2020 were held: their recordings.
      for (const webinar of homeWebinars.filter((candidate) => candidate.date.endsWith('2020'))) {
        await expect(watch(webinar.date)).toHaveAttribute('href', webinar.videoUrl);
      }
      await expectNoAxeViolations(page);

      // From the day after (in India), the March webinar's card offers its recording, and the April one still Join.
      await page.clock.setFixedTime(new Date('2025-03-15T00:00:30+05:30'));
      await page.reload();
      await expect(watch(march.date)).toHaveAttribute('href', march.videoUrl);
      await expect(card(page, march.date).getByRole('link', { name: /^Add to calendar/ })).toHaveCount(0);
      await expect(join).toBeVisible();
    });
  });

  test('milestones, upcoming events and the sports meet video', async ({ page }) => {
    // On a phone, as most visitors: the video is far below the first screen, beyond any browser's lazy-loading reach.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('.milestone-year')).toHaveText(['1974', '1975', '1999', '2001']);
    await expect(page.locator('.milestone-list li')).toHaveCount(5);
    const register = page.getByRole('link', { name: /Register for the conference/ });
    await expect(register).toHaveAttribute('target', '_blank');
    await expect(register).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('link', { name: 'View gallery' })).toHaveAttribute('href', '/Gallery');
    const video = page.locator('.sports video');
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveJSProperty('loop', true);
    await expect(video).toHaveAttribute('playsinline', '');
    // Its poster is a picture behind it, fetched only as the video comes near (a video's own poster
    // would be fetched with the page, beside the banner's picture).
    await expect(video).not.toHaveAttribute('poster');
    const poster = page.locator('.sports img.video-poster');
    await expect(poster).toHaveAttribute('loading', 'lazy');
    await expect(poster).toHaveAttribute('src', /\.webp$/);
    expect(await poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(false);
    await video.scrollIntoViewIfNeeded();
    await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  });
});

test.describe('the sports meet video', () => {
  const video = (page: Page) => page.locator('.sports video');
  const isPaused = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.paused);

  test('a visible Pause button stops it (WCAG 2.2.2) and Play starts it again', async ({ page }) => {
    await page.goto('/');
    await video(page).scrollIntoViewIfNeeded();
    await expect.poll(() => isPaused(page)).toBe(false);
    const pause = page.getByRole('button', { name: 'Pause the video', exact: true });
    await expect(pause).toBeVisible();
    await expect(pause).toHaveText(/Pause/);
    const box = await pause.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);

    await pause.click();
    await expect.poll(() => isPaused(page)).toBe(true);
    const play = page.getByRole('button', { name: 'Play the video', exact: true });
    await expect(play).toBeVisible();
    await expect(play).toHaveText(/Play/);
    await play.click();
    await expect.poll(() => isPaused(page)).toBe(false);
    await expect(pause).toBeVisible();
  });

  test('the button works from the keyboard and shows its focus', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: home.upcoming.galleryLabel }).focus();
    await page.keyboard.press('Tab');
    const toggle = page.locator('.video-toggle');
    await expect(toggle).toBeFocused();
    expect(await toggle.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
    await expect(toggle).toHaveCSS('outline-style', 'solid');
    await expect(toggle).toHaveCSS('outline-width', '3px');
    await expect.poll(() => isPaused(page)).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(() => isPaused(page)).toBe(true);
    await expect(toggle).toHaveAccessibleName('Play the video');
  });

  test('with reduced motion it waits for the visitor to press Play', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await video(page).scrollIntoViewIfNeeded();
    const play = page.getByRole('button', { name: 'Play the video', exact: true });
    await expect(play).toBeVisible();
    expect(await isPaused(page)).toBe(true);
    await play.click();
    await expect.poll(() => isPaused(page)).toBe(false);
    await expect(page.getByRole('button', { name: 'Pause the video', exact: true })).toBeVisible();
  });
});

test.describe('banner carousel', () => {
  test('advances every 3 seconds and wraps around', async ({ page }) => {
    await openHome(page);
    await expect(visibleBannerSlide(page)).toHaveAttribute('aria-label', '1 of 3');
    await page.clock.runFor(3000);
    await expect(visibleBannerSlide(page)).toHaveAttribute('aria-label', '2 of 3');
    await page.clock.runFor(3000);
    await expect(visibleBannerSlide(page)).toHaveAttribute('aria-label', '3 of 3');
    await page.clock.runFor(3000);
    await expect(visibleBannerSlide(page)).toHaveAttribute('aria-label', '1 of 3');
    await expect(currentDot(banner(page))).toHaveText('Slide 1');
  });

  test('its dots jump straight to a slide, and focus inside stops the rotation', async ({ page }) => {
    await openHome(page);
    await banner(page).getByRole('button', { name: 'Slide 3' }).click();
    await expect(visibleBannerSlide(page)).toHaveAttribute('aria-label', '3 of 3');
    await expect(currentDot(banner(page))).toHaveText('Slide 3');
    await page.mouse.move(0, 0);
    await page.clock.runFor(9000);
    await expect(visibleBannerSlide(page)).toHaveAttribute('aria-label', '3 of 3');
    await expect(banner(page).getByRole('button', { name: 'Play the banner pictures' })).toBeVisible();
    await banner(page).getByRole('button', { name: 'Previous slide' }).click();
    await expect(visibleBannerSlide(page)).toHaveAttribute('aria-label', '2 of 3');
  });

  test('the pause button stops it and the play button starts it again', async ({ page }) => {
    await openHome(page);
    await banner(page).getByRole('button', { name: 'Pause the banner pictures' }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(9000);
    await expect(visibleBannerSlide(page)).toHaveAttribute('aria-label', '1 of 3');
    await banner(page).getByRole('button', { name: 'Play the banner pictures' }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(3000);
    await expect(visibleBannerSlide(page)).toHaveAttribute('aria-label', '2 of 3');
  });

  test('stops while the pointer is over it', async ({ page }) => {
    await openHome(page);
    await banner(page).locator('.banner-slides').hover();
    await page.clock.runFor(9000);
    await expect(visibleBannerSlide(page)).toHaveAttribute('aria-label', '1 of 3');
    await page.mouse.move(0, 0);
    await page.clock.runFor(3000);
    await expect(visibleBannerSlide(page)).toHaveAttribute('aria-label', '2 of 3');
  });

  test('its first picture is the eager, high-priority largest paint; the others load lazily', async ({ page }) => {
    await page.goto('/');
    const images = banner(page).locator('img');
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
    await expect(images.nth(2)).toHaveAttribute('loading', 'lazy');
    const lcp = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1);
            resolve(last && 'element' in last && last.element instanceof HTMLElement ? last.element.tagName : '');
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(lcp).toBe('IMG');
  });
});

test.describe('banner carousel without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the first slide and no controls, which could not work', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.banner-carousel .carousel-controls')).toBeHidden();
    await expect(page.locator('.banner-slide').first()).toBeVisible();
  });
});

test.describe('monthly activities carousel', () => {
  for (const [width, perView] of [
    [1280, 3],
    [900, 2],
    [500, 1],
  ] as const) {
    test(`shows ${perView} slide${perView > 1 ? 's' : ''} at a time ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await activities(page).scrollIntoViewIfNeeded();
      await expect(activities(page).getByRole('button', { name: /activity photos/ })).toBeVisible();
      const visible = await activities(page).evaluate((carousel) => {
        const frame = carousel.querySelector('.activities-slides')?.getBoundingClientRect();
        if (!frame) return -1;
        return [...carousel.querySelectorAll('.activity-slide')].filter((slide) => {
          const box = slide.getBoundingClientRect();
          return box.left >= frame.left - 1 && box.right <= frame.right + 1 && box.width > 0;
        }).length;
      });
      expect(visible).toBe(perView);
    });
  }

  test('moves one slide every 2 seconds, loops forever, and its dots jump to a slide', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await activities(page).scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    const carousel = activities(page);
    await expect(carousel.getByRole('button', { name: 'Pause the activity photos' })).toBeVisible();
    await expect(currentDot(carousel)).toHaveText('Slide 1');
    for (const expected of ['Slide 2', 'Slide 3', 'Slide 1', 'Slide 2']) {
      await page.clock.runFor(2000 + 1000);
      await expect(currentDot(carousel)).toHaveText(expected);
    }
    await carousel.getByRole('button', { name: 'Slide 1' }).click();
    await page.clock.runFor(1500);
    await expect(currentDot(carousel)).toHaveText('Slide 1');
  });

  /** Opens the home page with a fake clock, the carousel hydrated and rotating, the pointer away. */
  async function openActivities(page: Page) {
    await page.clock.install();
    await page.goto('/');
    await activities(page).scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await expect(activities(page).getByRole('button', { name: 'Pause the activity photos' })).toBeVisible();
    await expect(currentDot(activities(page))).toHaveText('Slide 1');
  }

  test('its slides are labelled "n of 3"', async ({ page }) => {
    await page.goto('/');
    const slides = activities(page).locator('.activity-slide');
    await expect(slides).toHaveCount(3);
    for (const [index, slide] of (await slides.all()).entries()) {
      await expect(slide).toHaveAttribute('role', 'group');
      await expect(slide).toHaveAttribute('aria-roledescription', 'slide');
      await expect(slide).toHaveAttribute('aria-label', `${index + 1} of 3`);
    }
  });

  test('the pause button stops it and the play button starts it again', async ({ page }) => {
    await openActivities(page);
    const carousel = activities(page);
    await carousel.getByRole('button', { name: 'Pause the activity photos' }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(9000);
    await expect(currentDot(carousel)).toHaveText('Slide 1');
    await carousel.getByRole('button', { name: 'Play the activity photos' }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(3000);
    await expect(currentDot(carousel)).toHaveText('Slide 2');
  });

  test('stops while the pointer is over it', async ({ page }) => {
    await openActivities(page);
    const carousel = activities(page);
    await carousel.locator('.activities-slides').hover();
    await page.clock.runFor(9000);
    await expect(currentDot(carousel)).toHaveText('Slide 1');
    await page.mouse.move(0, 0);
    await page.clock.runFor(3000);
    await expect(currentDot(carousel)).toHaveText('Slide 2');
  });

  test('stops when keyboard focus enters it, until the visitor presses play', async ({ page }) => {
    await openActivities(page);
    const carousel = activities(page);
    await carousel
      .getByRole('link', { name: /^View more/ })
      .first()
      .focus();
    await page.clock.runFor(9000);
    await expect(currentDot(carousel)).toHaveText('Slide 1');
    const play = carousel.getByRole('button', { name: 'Play the activity photos' });
    await expect(play).toBeVisible();
    await play.click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(3000);
    await expect(currentDot(carousel)).toHaveText('Slide 2');
  });

  test('each slide has a View more link, shown on hover and keyboard focus', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const slide = activities(page).locator('.activity-slide').first();
    const link = slide.getByRole('link', { name: /^View more/ });
    await expect(link).toHaveAttribute('href', '/monthly-activities');
    await expect(link).toHaveCSS('opacity', '0');
    await slide.hover();
    await expect(link).toHaveCSS('opacity', '1');
    await page.mouse.move(0, 0);
    await link.focus();
    await expect(link).toHaveCSS('opacity', '1');
    await expect(activities(page).locator('figcaption')).toHaveCount(3);
  });
});

/** Where keyboard focus is: in which slide of the activities carousel, and whether it can be seen there. */
function focusInActivities(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    const carousel = element?.closest('.activities-carousel');
    if (!element || !carousel) return { place: 'outside' } as const;
    const slide = element.closest('.activity-slide');
    if (!slide) return { place: 'controls' } as const;
    const frame = carousel.querySelector('.activities-slides');
    const box = element.getBoundingClientRect();
    const frameBox = frame?.getBoundingClientRect();
    return {
      place: 'slide',
      slide: slide.getAttribute('aria-label') ?? '',
      inFrame: !!frameBox && box.left >= frameBox.left && box.right <= frameBox.right,
      inViewport: box.left >= 0 && box.right <= window.innerWidth && box.top >= 0 && box.bottom <= window.innerHeight,
      // The browser scrolls a clipped frame to show a focused element, which breaks the slider.
      frameScrolled: (frame?.scrollLeft ?? 0) !== 0,
    } as const;
  });
}

/** Tabs from `start` through the activities carousel and reports each slide link focus lands on. */
async function tabThroughActivities(page: Page, start: Locator, key = 'Tab') {
  await start.focus();
  const reached = [];
  for (let step = 0; step < 20; step++) {
    await page.keyboard.press(key);
    const focus = await focusInActivities(page);
    if (focus.place === 'slide') reached.push(focus);
    if (focus.place === 'outside' && step > 0) break;
  }
  return reached;
}

test.describe('monthly activities carousel on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Tab reaches only the View more link of the slide in view, also after moving', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const carousel = activities(page);
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole('button', { name: 'Play the activity photos' })).toBeVisible();

    const viewAll = page.getByRole('link', { name: home.webinars.viewAllLabel });
    const forward = await tabThroughActivities(page, viewAll);
    expect(forward).toEqual([
      { place: 'slide', slide: '1 of 3', inFrame: true, inViewport: true, frameScrolled: false },
    ]);

    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(currentDot(carousel)).toHaveText('Slide 2');
    // The slide takes a second to move into place.
    await expect
      .poll(() =>
        carousel.evaluate((element) => {
          const frame = element.querySelector('.activities-slides')?.getBoundingClientRect();
          const slide = element.querySelector('.activity-slide[aria-label="2 of 3"]')?.getBoundingClientRect();
          return frame && slide ? Math.abs(slide.left - frame.left) < 1 : false;
        }),
      )
      .toBe(true);
    // Shift+Tab from the first control goes back into the slides.
    const backward = await tabThroughActivities(
      page,
      carousel.getByRole('button', { name: 'Play the activity photos' }),
      'Shift+Tab',
    );
    expect(backward).toEqual([
      { place: 'slide', slide: '2 of 3', inFrame: true, inViewport: true, frameScrolled: false },
    ]);
  });
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('the View more links are always shown', async ({ page }) => {
    await page.goto('/');
    for (const link of await page.locator('.activity-view-more').all()) await expect(link).toHaveCSS('opacity', '1');
  });
});

test.describe('reduced motion', () => {
  test.use({ colorScheme: 'light' });

  test('nothing moves on its own', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    await expect(banner(page).getByRole('button', { name: 'Play the banner pictures' })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(visibleBannerSlide(page)).toHaveAttribute('aria-label', '1 of 3');
    await activities(page).scrollIntoViewIfNeeded();
    await expect(activities(page).getByRole('button', { name: 'Play the activity photos' })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(currentDot(activities(page))).toHaveText('Slide 1');
    const video = page.locator('.sports video');
    await video.scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Play the video', exact: true })).toBeVisible();
    await expect(video).toHaveJSProperty('paused', true);
  });
});

test.describe('the song video', () => {
  test('loads nothing from the video site until asked, then plays from second 7 in a modal dialog', async ({
    page,
  }) => {
    const videoRequests: string[] = [];
    await page.route(/youtube(-nocookie)?\.com|ytimg\.com|googlevideo\.com/, (route) => {
      videoRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>video</p>' });
    });
    await page.goto('/');
    const thumbnail = page.getByRole('link', { name: /^Play the video/ });
    await thumbnail.scrollIntoViewIfNeeded();
    await settled(page);
    expect(videoRequests).toEqual([]);

    const dialog = page.getByRole('dialog', { name: 'ISA Tamilnadu golden jubilee song' });
    // Escape closes it, and focus returns to the thumbnail.
    await thumbnail.click();
    await expect(dialog).toBeVisible();
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute(
      'src',
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1&start=7/,
    );
    await expect(frame).toHaveAttribute('title', 'ISA Tamilnadu golden jubilee song');
    await expect(page.locator('.song-thumbnail')).toHaveCSS('visibility', 'hidden');
    await expect(dialog.getByRole('button', { name: 'Close the video' })).toBeFocused();
    expect(videoRequests.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(thumbnail).toBeFocused();
    await expect(thumbnail).toHaveCSS('visibility', 'visible');

    // The close button closes it.
    await thumbnail.click();
    await dialog.getByRole('button', { name: 'Close the video' }).click();
    await expect(dialog).toBeHidden();

    // A click outside the video (on the backdrop) closes it.
    await thumbnail.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });
});

test.describe('the song video overlay', () => {
  test.beforeEach(async ({ page }) => {
    // A stand-in for the video site's player, with a control of its own.
    await page.route(/youtube(-nocookie)?\.com|ytimg\.com|googlevideo\.com/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<button>Play</button>' }),
    );
  });

  const activeElement = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement;
      if (element instanceof HTMLIFrameElement) return 'the video frame';
      return element?.textContent?.trim() ?? '';
    });

  /** Opens the home page with the song video's element defined; returns its thumbnail link. */
  async function openHomeAtSong(page: Page) {
    await page.goto('/');
    const thumbnail = page.getByRole('link', { name: /^Play the video/ });
    await thumbnail.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => customElements.get('song-video') !== undefined);
    return thumbnail;
  }

  for (const [width, height, device] of [
    [1280, 720, 'a laptop'],
    [390, 844, 'a phone'],
    [844, 390, 'a phone on its side'],
  ] as const) {
    test(`fills the screen on ${device}, the video centred at the largest 16:9 size, the close button visible`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      const thumbnail = await openHomeAtSong(page);
      await thumbnail.click();
      const dialog = page.getByRole('dialog', { name: home.awareness.videoTitle });
      await expect(dialog).toBeVisible();
      expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width, height });

      const video = await dialog.locator('iframe').boundingBox();
      if (!video) throw new Error('the video frame has no box');
      expect(video.width / video.height).toBeCloseTo(16 / 9, 1);
      expect(video.x + video.width / 2).toBeCloseTo(width / 2, 0);
      expect(video.y + video.height / 2).toBeCloseTo(height / 2, 0);
      // As large as fits: it touches the dialog's padding on one axis.
      const padding = await dialog.evaluate((element) => {
        const style = getComputedStyle(element);
        return { inline: parseFloat(style.paddingLeft), block: parseFloat(style.paddingTop) };
      });
      const fill = Math.max(video.width / (width - 2 * padding.inline), video.height / (height - 2 * padding.block));
      expect(fill).toBeCloseTo(1, 2);

      const close = dialog.getByRole('button', { name: 'Close the video' });
      await expect(close).toBeInViewport({ ratio: 1 });
      const closeBox = await close.boundingBox();
      if (!closeBox) throw new Error('the close button has no box');
      expect(closeBox.width).toBeGreaterThanOrEqual(24);
      // The video never covers it.
      expect(closeBox.y + closeBox.height <= video.y || closeBox.x >= video.x + video.width).toBe(true);
    });
  }

  test('keeps keyboard focus inside: Tab and Shift+Tab wrap; Escape closes and focus returns', async ({ page }) => {
    const thumbnail = await openHomeAtSong(page);
    await thumbnail.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: home.awareness.videoTitle });
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole('button', { name: 'Close the video' });
    await expect(close).toBeFocused();
    // The player's own control is there to be tabbed through (before it loads, Tab passes the frame by).
    await expect(dialog.frameLocator('iframe').getByRole('button', { name: 'Play' })).toBeVisible();

    // Shift+Tab from the first control goes to the last: the video.
    await page.keyboard.press('Shift+Tab');
    expect(await activeElement(page)).toBe('the video frame');
    // Tab through the player's own controls and on past the last: back to the first.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    // And the other way round.
    await page.keyboard.press('Tab');
    expect(await activeElement(page)).toBe('the video frame');
    await page.keyboard.press('Shift+Tab');
    await expect(close).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(thumbnail).toBeFocused();
  });
});

test.describe('scripts', () => {
  test('the page fetches no script file until the activities carousel comes near, then only keen-slider', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    // The banner carousel, at the top, runs from a script in the page.
    await expect(banner(page).getByRole('button', { name: /the banner pictures/ })).toBeVisible();
    await settled(page);
    expect(scripts).toEqual([]);
    // The song video's element is defined by the page's own script too.
    expect(await page.evaluate(() => customElements.get('song-video') !== undefined)).toBe(true);
    await expect(activities(page).locator('.carousel-controls')).toBeHidden();

    await activities(page).scrollIntoViewIfNeeded();
    await expect(activities(page).getByRole('button', { name: /the activity photos/ })).toBeVisible();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/_astro\/keen-slider\.[\w.-]+\.js$/);
  });

  test('without keen-slider (its file fails), the activities stay as sent, with no controls that cannot work', async ({
    page,
  }) => {
    await page.route('**/_astro/keen-slider.*.js', (route) => route.abort());
    await page.goto('/');
    await activities(page).scrollIntoViewIfNeeded();
    await settled(page);
    await expect(activities(page).locator('.carousel-controls')).toBeHidden();
    await expect(activities(page).locator('.activity-slide').first()).toBeInViewport();
    await expect(activities(page).locator('.activity-slide figcaption').first()).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every section’s text and first images are there', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to ISA Tamilnadu');
    const firstBanner = page.locator('.banner-slide').first().locator('img');
    await expect(firstBanner).toBeVisible();
    await expect.poll(() => firstBanner.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('.webinar-card')).toHaveCount(4);
    await expect(page.locator('.milestone-list li')).toHaveCount(5);
    await expect(page.locator('.activity-slide figcaption')).toHaveCount(3);
    await expect(page.locator('.activity-slide').first().locator('img')).toBeAttached();
    await expect(page.getByText(/golden-jubilee song/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^Play the video/ })).toHaveAttribute('href', /youtube\.com\/watch/);
    // The browser's own player with its poster; the video the script would drive is not offered.
    const player = page.locator('.sports video[controls]');
    await player.scrollIntoViewIfNeeded();
    await expect(player).toBeVisible();
    await expect(player).toHaveAttribute('poster', /\.webp$/);
    await expect(page.locator('.sports video:not([controls])')).toBeHidden();
    await expect(page.locator('.video-toggle')).toBeHidden();
  });
});
