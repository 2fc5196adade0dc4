import { expect, test, type Page } from '@playwright/test';
import { INVALID_EMAIL_MESSAGE, MISSING_FIELDS_MESSAGE } from '../../src/lib/contactForm.ts';
import { mailtoHref, telHref } from '../../src/lib/links.ts';
import { expectNoAxeViolations } from './axe.ts';
import { siteContent } from './content.ts';

const { headOffice } = siteContent();
const MAPS_HOST = new URL(headOffice.mapEmbedUrl).hostname;

function fields(page: Page) {
  const form = page.locator('form.contact-form');
  return {
    form,
    name: form.getByRole('textbox', { name: /^Name/ }),
    email: form.getByRole('textbox', { name: /^E-mail/ }),
    phone: form.getByRole('textbox', { name: /^Phone/ }),
    message: form.getByRole('textbox', { name: /^Message/ }),
    submit: form.getByRole('button', { name: 'Submit' }),
    alert: form.getByRole('alert'),
    status: form.getByRole('status'),
  };
}

/** Opens the page and waits until the form's island has hydrated (its button is enabled). */
async function openForm(page: Page) {
  await page.goto('/Contact-Us');
  const form = fields(page);
  await form.submit.scrollIntoViewIfNeeded();
  await expect(form.submit).toBeEnabled();
  return form;
}

test('shows the banner and the head-office card with its address, phone and e-mail', async ({ page }) => {
  await page.goto('/Contact-Us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  const card = page.locator('.head-office');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(headOffice.title);
  await expect(card).toContainText(headOffice.name);
  for (const line of headOffice.addressLines) await expect(card).toContainText(line);
  await expect(card.getByRole('link', { name: headOffice.phone })).toHaveAttribute('href', telHref(headOffice.phone));
  await expect(card.getByRole('link', { name: headOffice.email })).toHaveAttribute(
    'href',
    mailtoHref(headOffice.email),
  );
});

test.describe('the map', () => {
  test('loads nothing from the maps site until the visitor asks, then shows a titled lazy frame', async ({ page }) => {
    const mapRequests: string[] = [];
    await page.route(
      (url) => url.hostname === MAPS_HOST,
      async (route) => {
        mapRequests.push(route.request().url());
        await route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><html lang="en"><title>Map</title><p>A map</p></html>',
        });
      },
    );
    await page.goto('/Contact-Us');
    const show = page.getByRole('button', { name: 'Show map' });
    await show.scrollIntoViewIfNeeded();
    await expect(show).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(mapRequests).toEqual([]);
    await expect(page.locator('iframe')).toHaveCount(0);

    await show.click();
    const frame = page.locator('iframe');
    await expect(frame).toHaveAttribute('src', headOffice.mapEmbedUrl);
    await expect(frame).toHaveAttribute('title', `Map of ${headOffice.name}`);
    await expect(frame).toHaveAttribute('loading', 'lazy');
    await expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    await expect(frame).toBeFocused();
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
    await expect(show).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a link opens the place on the maps site in a new tab without opener', async ({ page }) => {
    await page.goto('/Contact-Us');
    const link = page.locator('.map__link a');
    await expect(link).toHaveAttribute('href', headOffice.mapLinkUrl);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAccessibleName(/^Open the map on .+ \(opens in a new tab\)$/);
  });
});

test.describe('the contact form', () => {
  test('has real labels, marks the required fields and lets the page show its own messages', async ({ page }) => {
    const form = await openForm(page);
    await expect(form.form).toHaveAttribute('novalidate', '');
    for (const field of [form.name, form.email, form.message]) await expect(field).toHaveAttribute('required', '');
    await expect(form.phone).not.toHaveAttribute('required');
    await expect(form.email).toHaveAttribute('type', 'email');
    await expect(form.phone).toHaveAttribute('inputmode', 'numeric');
    for (const id of await form.form.locator('input, textarea').evaluateAll((list) => list.map((el) => el.id))) {
      await expect(form.form.locator(`label[for="${id}"]`)).toHaveCount(1);
    }
    // The form says up front that it does not send yet, and how to reach the office.
    await expect(form.form.locator('.contact-form__note')).toContainText('not available yet');
    await expect(
      form.form.locator('.contact-form__note').locator(`a[href="${telHref(headOffice.phone)}"]`),
    ).toHaveCount(1);
  });

  test('submitting with required fields empty shows the error, marks them and focuses the first', async ({ page }) => {
    const form = await openForm(page);
    await expect(form.alert).toHaveText('');
    await form.submit.click();
    await expect(form.alert).toHaveText(MISSING_FIELDS_MESSAGE);
    await expect(form.name).toBeFocused();
    for (const field of [form.name, form.email, form.message]) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(MISSING_FIELDS_MESSAGE);
    }
    await expect(form.phone).not.toHaveAttribute('aria-invalid');

    // With the name given, focus goes to the next missing field.
    await form.name.fill('Dr. A. Kumar');
    await form.message.fill('Please send the CME schedule.');
    await form.submit.click();
    await expect(form.alert).toHaveText(MISSING_FIELDS_MESSAGE);
    await expect(form.email).toBeFocused();
    await expect(form.name).not.toHaveAttribute('aria-invalid');
    await expect(form.email).toHaveAttribute('aria-invalid', 'true');
    await expect(form.message).not.toHaveAttribute('aria-invalid');
    // Nothing was cleared.
    await expect(form.name).toHaveValue('Dr. A. Kumar');
    await expectNoAxeViolations(page);
  });

  test('blank spaces do not count as filling in a field', async ({ page }) => {
    const form = await openForm(page);
    await form.name.fill('   ');
    await form.email.fill('kumar@example.org');
    await form.message.fill('Hello');
    await form.submit.press('Enter');
    await expect(form.alert).toHaveText(MISSING_FIELDS_MESSAGE);
    await expect(form.name).toBeFocused();
  });

  test('an e-mail address that is not one is refused', async ({ page }) => {
    const form = await openForm(page);
    await form.name.fill('Dr. A. Kumar');
    await form.email.fill('kumar.example.org');
    await form.message.fill('Hello');
    await form.submit.click();
    await expect(form.alert).toHaveText(INVALID_EMAIL_MESSAGE);
    await expect(form.email).toBeFocused();
    await expect(form.email).toHaveAttribute('aria-invalid', 'true');
    await expect(form.email).toHaveValue('kumar.example.org');
  });

  test('the phone keeps only digits as they are typed', async ({ page }) => {
    const form = await openForm(page);
    await form.phone.pressSequentially('+91 (98765) 43-2x10');
    await expect(form.phone).toHaveValue('919876543210');
  });

  test('the phone keeps only digits when a number is pasted', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const form = await openForm(page);
    await form.phone.pressSequentially('0');
    await page.evaluate(() => navigator.clipboard.writeText('+91 98765-43210 (office)'));
    await form.phone.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(form.phone).toHaveValue('0919876543210');
  });

  test('a complete form resets every field, clears the error and says plainly that nothing was sent', async ({
    page,
  }) => {
    const form = await openForm(page);
    await form.submit.click();
    await expect(form.alert).toHaveText(MISSING_FIELDS_MESSAGE);

    await form.name.fill('Dr. A. Kumar');
    await form.email.fill('kumar@example.org');
    await form.phone.fill('9876543210');
    await form.message.fill('Please send the CME schedule.');
    await form.submit.click();

    for (const field of [form.name, form.email, form.phone, form.message]) {
      await expect(field).toHaveValue('');
      await expect(field).not.toHaveAttribute('aria-invalid');
    }
    await expect(form.alert).toHaveText('');
    await expect(form.status).toContainText('The form has been cleared');
    await expect(form.status).toContainText('not sent');
    await expect(form.status).not.toContainText(/\b(thank you|has been sent|was sent successfully)\b/i);
    await expect(form.status.locator(`a[href="${telHref(headOffice.phone)}"]`)).toHaveText(headOffice.phone);
    await expect(form.status.locator(`a[href="${mailtoHref(headOffice.email)}"]`)).toHaveText(headOffice.email);
    await expectNoAxeViolations(page);

    // A new mistake replaces the status with the error.
    await form.submit.click();
    await expect(form.alert).toHaveText(MISSING_FIELDS_MESSAGE);
    await expect(form.status).toHaveText('');
  });

  test('makes no network request when submitted', async ({ page }) => {
    const form = await openForm(page);
    // Lazy images may still arrive while the page scrolls; a submission would be a navigation,
    // a fetch/XHR, a beacon or any request that is not a GET.
    const requests: string[] = [];
    page.on('request', (request) => {
      const kind = request.resourceType();
      if (request.method() !== 'GET' || ['document', 'fetch', 'xhr', 'ping', 'eventsource'].includes(kind)) {
        requests.push(`${request.method()} ${kind} ${request.url()}`);
      }
    });
    await form.name.fill('Dr. A. Kumar');
    await form.email.fill('kumar@example.org');
    await form.message.fill('Hello');
    await form.submit.click();
    await expect(form.status).toContainText('cleared');
    expect(requests).toEqual([]);
    await expect(page).toHaveURL('/Contact-Us');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form, the contact details and the map link are still there', async ({ page }) => {
    await page.goto('/Contact-Us');
    const form = fields(page);
    for (const field of [form.name, form.email, form.phone, form.message]) await expect(field).toBeVisible();
    // Submitting could only put the message in the address bar, so the button waits for JavaScript.
    await expect(form.submit).toBeDisabled();
    await expect(page.locator('.head-office').getByRole('link', { name: headOffice.phone })).toBeVisible();
    await expect(page.locator('.head-office').getByRole('link', { name: headOffice.email })).toBeVisible();
    await expect(page.locator('.map__link a')).toHaveAttribute('href', headOffice.mapLinkUrl);
    await expect(page.getByRole('button', { name: 'Show map' })).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('the page fits the screen and the form can be used', async ({ page }) => {
    const form = await openForm(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await form.submit.tap();
    await expect(form.alert).toHaveText(MISSING_FIELDS_MESSAGE);
  });
});
