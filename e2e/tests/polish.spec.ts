import { expect, test, type Locator, type Page } from '@playwright/test';
import { bookDemoAppointment, signInAtDashboard } from './dashboard-helpers.ts';

// The last polish of issue #18 item 11, measured on the page: slot labels inside their buttons and the booking
// stepper on one row at 1440 px, notifications clear of a dialog's close button, and the booking drawer naming
// the form's fields as the form labels them.
test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'UTC', locale: 'en-US' });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function openTimeSlots(page: Page) {
  await page.goto('/services');
  await page.getByRole('link', { name: 'Private yoga session', exact: true }).click();
  await page.getByRole('link', { name: 'Book this service' }).click();
  await page.getByTestId('next-step').click();
  const day = page
    .getByTestId('booking-calendar')
    .locator('button.mantine-DatePicker-day:not([data-disabled]):not([data-outside]):not([data-hidden])')
    .first();
  await day.click();
  await expect(page.getByTestId('time-slot').first()).toBeVisible();
}

test('at 1440 px every slot label fits its button and the stepper keeps one row', async ({ page }) => {
  await openTimeSlots(page);
  const slots = await page.getByTestId('time-slot').all();
  expect(slots.length).toBeGreaterThan(0);
  for (const slot of slots) {
    const button = await box(slot);
    const label = await box(slot.locator('span').first());
    expect(label.x, await slot.innerText()).toBeGreaterThanOrEqual(button.x);
    expect(label.x + label.width, await slot.innerText()).toBeLessThanOrEqual(button.x + button.width);
  }
  const steps = await page.locator('.mantine-Stepper-step').all();
  expect(steps.length).toBeGreaterThanOrEqual(3);
  const tops = await Promise.all(steps.map(async (step) => Math.round((await box(step)).y)));
  expect(new Set(tops).size, `step tops ${tops.join(', ')}`).toBe(1);
  for (const label of await page.locator('.mantine-Stepper-stepLabel').all()) {
    // One line of the small stepper's label text.
    expect((await box(label)).height, await label.innerText()).toBeLessThan(30);
  }
});

test('at 390 px the booking steps fit the screen: no page wider than the phone', async ({ page }) => {
  for (const width of [390]) {
    await page.setViewportSize({ width, height: 844 });
    await openTimeSlots(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(width);
    // The steps are their numbers there, named for screen readers; the heading names the current one.
    await expect(page.locator('.mantine-Stepper-stepLabel')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '2 Date & time' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Date & time', level: 2 })).toBeVisible();
  }
});

test('a notification never covers the close button of the dialog that opens after it', async ({ page }) => {
  await signInAtDashboard(page);
  // On a phone the dialog takes the width, so a notification at the top right lay over its close button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/settings');
  const card = page
    .getByRole('textbox', { name: 'Business name' })
    .locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")][1]');
  await card.getByRole('button', { name: 'Save' }).click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Settings saved.' });
  await expect(toast).toBeVisible();
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await zone.fill('Tokyo');
  await page.getByRole('option', { name: /^Tokyo \(Japan/ }).click();
  await card.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the time zone?' });
  await expect(dialog).toBeVisible();
  await expect(toast).toBeVisible();
  const close = dialog.locator('.mantine-Modal-close');
  expect(overlaps(await box(toast), await box(close))).toBe(false);
  await close.click();
  await expect(dialog).toBeHidden();
});

test('the booking drawer names the answers by the form’s labels, not their keys', async ({
  page,
  request,
}) => {
  const email = `lina-${Date.now().toString(36)}@example.com`;
  await bookDemoAppointment(request, { email, firstName: 'Lina', daysAhead: 3, hour: 11 });
  await signInAtDashboard(page);
  await page
    .getByRole('navigation', { name: 'Dashboard navigation' })
    .getByRole('link', { name: 'Bookings' })
    .click();
  await page.getByRole('textbox', { name: 'Customer email' }).fill(email);
  await page.getByRole('row').filter({ hasText: 'Lina' }).first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('First name', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Email', { exact: true }).first()).toBeVisible();
  await expect(drawer.getByText('first_name', { exact: true })).toHaveCount(0);
});
