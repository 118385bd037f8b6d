import { expect, test, type Page } from '@playwright/test';
import { captureBothWidths } from './screenshots.ts';

// One order for a product and a booking: the seeded shop's cork block and the seeded "Private yoga session"
// (paid online or at the studio), paid together with the test gateway's approved card, then refunded by
// the owner in the dashboard. Times are read in UTC.
test.use({ timezoneId: 'UTC', locale: 'en-US' });
// Two sign-ins, a booking flow, a checkout and the dashboard on a loaded two-core machine.
test.describe.configure({ timeout: 180_000 });

const member = { email: 'member@example.com', password: 'atrium-demo-member' };
const owner = { email: 'owner@example.com', password: 'atrium-demo-owner' };

async function signInAsMember(page: Page) {
  await page.goto('/account/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('textbox', { name: /^Password/ }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

async function addBlockToCart(page: Page) {
  await page.getByRole('link', { name: 'Shop', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Cork yoga block' }).first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer.getByText('Cork yoga block')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
}

/**
 * Books the first free time of the private session and chooses to pay online: the checkout opens.
 * @returns when the session is, as the review step wrote it
 */
async function bookSessionPaidOnline(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Services', exact: true }).first().click();
  await page.getByRole('link', { name: 'Private yoga session', exact: true }).click();
  await page.getByRole('link', { name: 'Book this service' }).click();
  await page.getByTestId('next-step').click();
  const day = page
    .getByTestId('booking-calendar')
    .locator('button.mantine-DatePicker-day:not([data-disabled]):not([data-outside]):not([data-hidden])')
    .first();
  await day.click();
  const slot = page.getByTestId('time-slot').first();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('next-step').click();
  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  await page.getByTestId('next-step').click();

  await expect(page.getByTestId('review-price')).toHaveText('$60');
  const when = (await page.getByTestId('review-when').textContent()) ?? '';
  // The session may be paid at the studio (where the flow starts) or online now.
  await expect(page.getByRole('radio', { name: 'Pay at the studio' })).toBeChecked();
  await page.getByRole('radio', { name: 'Pay online now' }).click();
  await expect(page.getByTestId('confirm-booking')).toHaveText('Continue to payment');
  await page.getByTestId('confirm-booking').click();
  return when;
}

async function payByTestCard(page: Page) {
  await page.getByLabel('Street address').fill('12 Harbour Road');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('Postal code').fill('97201');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
}

async function signInToDashboard(page: Page) {
  await page.goto('/dashboard');
  // The dashboard sends a visitor to its sign-in page, and back once signed in.
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await expect(page.getByRole('heading', { name: 'Sign in to your dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

test('a member pays for a product and a booking in one order, and the owner refunds it', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await signInAsMember(page);
  await addBlockToCart(page);
  const when = await bookSessionPaidOnline(page);

  // The checkout holds both: the block and the booking with its time, paid together by card.
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByTestId('line-item')).toHaveCount(2);
  await expect(summary.getByTestId('line-item').filter({ hasText: 'Cork yoga block' })).toContainText(
    '$24.00',
  );
  const booking = summary.getByTestId('line-item').filter({ hasText: 'Private yoga session' });
  await expect(booking).toContainText('$60.00');
  await expect(booking.getByTestId('line-scheduled')).toContainText('Booking for');
  await expect(summary).toContainText('$84.00');
  await expect(page.getByRole('radio', { name: 'Pay in person' })).toHaveCount(0);
  await expect(page.getByTestId('bookings-paid-online')).toBeVisible();
  await payByTestCard(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureBothWidths(page, 'checkout-with-booking');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const number = ((await page.getByTestId('order-number').textContent()) ?? '').replace('Order #', '');
  expect(number).toMatch(/^\d+$/);
  // The cart's lines are bought: it is empty again.
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // The member's account: the order, and the booking confirmed by its payment.
  await page.getByRole('link', { name: 'View your orders' }).click();
  const order = page.getByRole('article', { name: `Order #${number}` });
  await expect(order).toBeVisible();
  await expect(order).toContainText('$84.00');
  await expect(order).toContainText('Private yoga session');
  await page.goto('/account/bookings');
  const booked = page
    .getByTestId('my-booking')
    .filter({ hasText: 'Private yoga session' })
    .filter({ hasText: when });
  await expect(booked.filter({ hasText: 'Confirmed' }).first()).toBeVisible();

  // The owner finds the order in the dashboard and refunds all of it.
  const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US' });
  const dashboard = await context.newPage();
  await signInToDashboard(dashboard);
  await dashboard
    .getByRole('navigation', { name: 'Dashboard navigation' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await expect(dashboard.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await dashboard.getByRole('searchbox', { name: 'Search orders' }).fill(`#${number}`);
  await expect(dashboard.getByTestId('order-row')).toHaveCount(1);
  await dashboard.getByRole('link', { name: `#${number}` }).click();

  await expect(dashboard.getByRole('heading', { name: `Order #${number}` })).toBeVisible();
  const header = dashboard.getByRole('main');
  await expect(header.getByTestId('payment-status').first()).toHaveText('Paid');
  await expect(dashboard.getByTestId('order-totals')).toContainText('$84.00');
  await expect(dashboard.getByTestId('line-scheduled')).toContainText('Booking for');
  await expect(dashboard.getByTestId('order-payment')).toContainText('4242');
  await expect(dashboard.getByTestId('order-activity').first()).toContainText('Order paid');
  await dashboard.mouse.move(0, 0);
  await captureBothWidths(dashboard, 'dashboard-order');

  // The block is handed over and the session given: the order is fulfilled, with the parcel's tracking.
  await dashboard.getByRole('button', { name: 'Mark as fulfilled' }).click();
  const fulfil = dashboard.getByRole('dialog', { name: `Mark order #${number} as fulfilled?` });
  await fulfil.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await fulfil.getByRole('button', { name: 'Mark as fulfilled' }).click();
  await expect(dashboard.getByText('Order marked as fulfilled.')).toBeVisible();
  await expect(header.getByTestId('fulfillment-status').first()).toHaveText('Fulfilled');
  await expect(dashboard.getByTestId('order-activity').filter({ hasText: 'Order fulfilled' })).toBeVisible();
  await expect(dashboard.getByRole('button', { name: 'Mark as fulfilled' })).toHaveCount(0);

  await dashboard.getByRole('button', { name: 'Refund' }).click();
  const dialog = dashboard.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog.getByRole('radio', { name: 'Full refund ($84.00)' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Put the items back in stock/ })).toBeChecked();
  await dialog.getByLabel('Reason').fill('Moving away');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dashboard.getByText('Refund issued.')).toBeVisible();

  await expect(header.getByTestId('payment-status').first()).toHaveText('Refunded');
  await expect(dashboard.getByTestId('order-refund')).toContainText('Moving away');
  await expect(dashboard.getByTestId('order-refund')).toContainText('−$84.00');
  await expect(dashboard.getByTestId('order-activity').first()).toContainText('Refund issued');
  await expect(dashboard.getByTestId('order-activity').first()).toContainText('$84.00 · Reason: Moving away');
  await expect(dashboard.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await captureBothWidths(dashboard, 'dashboard-order-refunded');

  // The list shows it refunded too, and finds it by that status.
  await dashboard.getByRole('link', { name: 'All orders' }).click();
  await dashboard.getByRole('combobox', { name: 'Payment' }).click();
  await dashboard.getByRole('option', { name: 'Refunded', exact: true }).click();
  await expect(dashboard.getByTestId('order-row').filter({ hasText: `#${number}` })).toBeVisible();
  await expect(dashboard.getByTestId('order-row').filter({ hasText: `#${number}` })).toContainText(
    'Refunded',
  );
  await captureBothWidths(dashboard, 'dashboard-orders');
  await context.close();
});
