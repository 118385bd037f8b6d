import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { screenshotDir, settled, viewports } from './screenshots.ts';

// The server runs with NODE_ENV=development: the test prepares data as the owner through the development
// credentials header, and drives the dashboard itself as a real signed-in owner or staff user.
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };
const ownerLogin = { email: 'owner@example.com', password: 'atrium-demo-owner' };
const suffix = Date.now().toString(36);
// The calendar's cells are found by UTC date and time, so the browser runs in UTC.
test.use({ timezoneId: 'UTC', locale: 'en-US' });
const staffName = `Dana ${suffix}`;
const serviceName = `Deep tissue ${suffix}`;

/**
 * A full-page shot of a dashboard screen at desktop width, and at phone width too unless a dialog or drawer
 * is open (those are shot as the viewport shows them, at desktop width only).
 */
async function capture(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.setViewportSize(viewports.desktop);
  // Toasts of earlier steps would cover the screen: they are closed first.
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) {
    await close.click().catch(() => undefined);
  }
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  // The pointer rests in a corner, so no tooltip or hover state shows in the shot.
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle');
  // Shots of finished screens, not of spinners.
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  // A dialog or drawer dims only the viewport: those shots are of the viewport, the others of the page.
  const modal = (await page.locator('[role="dialog"]:visible').count()) > 0;
  await page.screenshot({
    path: path.join(screenshotDir, `dashboard-${name}-desktop.png`),
    fullPage: !modal,
  });
  if (modal) return;
  await page.setViewportSize(viewports.phone);
  await settled(page);
  await page.screenshot({ path: path.join(screenshotDir, `dashboard-${name}-phone.png`), fullPage: true });
  await page.setViewportSize(viewports.desktop);
}

async function signIn(page: Page, login: { email: string; password: string }) {
  await page.setViewportSize(viewports.desktop);
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(login.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

async function nav(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name }).click();
}

/** A day two days ahead, at the given UTC hour (the browser here runs in the machine's zone). */
/** What the home page counts: bookings starting on one of the last 30 days (UTC, as the browser here). */
async function bookingsInLast30Days(request: APIRequestContext): Promise<number> {
  const from = new Date();
  from.setUTCHours(0, 0, 0, 0);
  from.setUTCDate(from.getUTCDate() - 29);
  const to = new Date(from);
  to.setUTCDate(to.getUTCDate() + 30);
  const response = await request.post('/bookings/v2/extended-bookings/count', {
    headers: owner,
    data: {
      filter: {
        startDate: { $gte: from.toISOString(), $lt: to.toISOString() },
        status: { $in: ['CONFIRMED', 'PENDING', 'CREATED'] },
      },
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

function slotAt(hour: number) {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 2);
  day.setUTCHours(hour, 0, 0, 0);
  return day;
}

async function book(
  request: APIRequestContext,
  serviceId: string,
  staffId: string,
  start: Date,
  firstName: string,
) {
  const response = await request.post('/bookings/v2/bookings', {
    headers: owner,
    data: {
      booking: {
        bookedEntity: {
          slot: {
            serviceId,
            startDate: start.toISOString(),
            endDate: new Date(start.getTime() + 60 * 60_000).toISOString(),
            resource: { id: staffId },
          },
        },
        contactDetails: {
          firstName,
          lastName: 'Visitor',
          email: `${firstName.toLowerCase()}-${suffix}@example.com`,
        },
        totalParticipants: 1,
      },
      flowControlSettings: { skipAvailabilityValidation: true },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { booking } = (await response.json()) as { booking: { id: string; status: string } };
  return booking;
}

/** A visitor books the service through the site's pages (first free time, as a guest); returns the email. */
async function visitorBooks(page: Page, service: string, firstName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}-${suffix}@example.com`;
  await page.setViewportSize(viewports.desktop);
  await page.goto('/services');
  await page.getByRole('link', { name: service, exact: true }).click();
  await page.getByRole('link', { name: 'Book this service' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your options' })).toBeVisible();
  await page.getByTestId('next-step').click();
  const day = page
    .getByTestId('booking-calendar')
    .locator('button.mantine-DatePicker-day:not([data-disabled]):not([data-outside]):not([data-hidden])')
    .first();
  await expect(day).toBeVisible();
  await day.click();
  const slot = page.getByTestId('time-slot').first();
  await expect(slot).toBeVisible();
  await slot.click();
  await page.getByTestId('next-step').click();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Visitor');
  await page.getByLabel('Email').fill(email);
  await page.getByTestId('next-step').click();
  await page.getByTestId('confirm-booking').click();
  await expect(page.getByRole('heading', { name: 'Request sent' })).toBeVisible();
  return email;
}

async function findBooking(request: APIRequestContext, email: string) {
  const answer = await request.post('/bookings/v2/extended-bookings/query', {
    headers: owner,
    data: { query: { filter: { 'contactDetails.email': email } } },
  });
  const { extendedBookings } = (await answer.json()) as {
    extendedBookings: Array<{ booking: { id: string; status: string; startDate: string } }>;
  };
  expect(extendedBookings).toHaveLength(1);
  return extendedBookings[0]!.booking;
}

/** `YYYY-MM-DD` of the first Monday-to-Friday at least `days` ahead (the staff member's working days). */
function weekdayAhead(days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The centre of the calendar's half-hour cell at a time (the browser runs in UTC). */
async function cellCentre(page: Page, at: Date) {
  const calendar = page.getByTestId('booking-calendar');
  const column = await calendar
    .locator(`[data-date="${at.toISOString().slice(0, 10)}"]`)
    .last()
    .boundingBox();
  const row = await calendar
    .locator(`[data-time="${at.toISOString().slice(11, 16)}:00"]`)
    .last()
    .boundingBox();
  expect(column && row).toBeTruthy();
  return { x: column!.x + column!.width / 2, y: row!.y + row!.height / 2 };
}

/** Presses on the first half hour and releases on the last: FullCalendar selects the cells between. */
async function selectTime(page: Page, first: Date, last: Date) {
  const dialog = page.getByRole('dialog', { name: 'New in the calendar' });
  await expect(page.getByText('Loading…')).toHaveCount(0);
  // The calendar re-renders when refreshed data arrives; a press during that is lost, so it is pressed again.
  await expect(async () => {
    // A notification left by the last step can cover the cells (a day in the calendar's last columns).
    for (const dismiss of await page.getByRole('button', { name: 'Dismiss notification' }).all()) {
      await dismiss.click({ timeout: 1_000 });
    }
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
    const from = await cellCentre(page, first);
    const to = await cellCentre(page, last);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y + 2, { steps: 8 });
    await page.mouse.up();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Drags an event by the real mouse from its start cell to another time's cell. */
async function dragEvent(page: Page, event: Locator, from: Date, to: Date) {
  await expect(page.getByText('Loading…')).toHaveCount(0);
  // FullCalendar scrolls the page while a drag nears the window's edge, which would shift the drop by a cell:
  // the target row goes to the middle of the window first.
  await page
    .getByTestId('booking-calendar')
    .locator(`[data-time="${to.toISOString().slice(11, 16)}:00"]`)
    .last()
    .evaluate((row) => row.scrollIntoView({ block: 'center' }));
  const box = await event.boundingBox();
  const start = await cellCentre(page, from);
  const end = await cellCentre(page, to);
  const x = box!.x + box!.width / 2;
  const y = box!.y + 6;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 8, { steps: 4 });
  await page.mouse.move(x, y + (end.y - start.y), { steps: 16 });
  await page.mouse.up();
}

test.describe.serial('owner dashboard', () => {
  // The machine running these is shared and slow; each test walks several screens.
  test.describe.configure({ timeout: 120_000 });
  let serviceId = '';
  let staffId = '';

  test('the owner creates a staff member with working hours and a service', async ({ page, request }) => {
    await signIn(page, ownerLogin);
    await capture(page, 'home-empty');

    await nav(page, 'Staff');
    await page.getByRole('button', { name: 'New staff member' }).click();
    const staffDialog = page.getByRole('dialog');
    await staffDialog.getByLabel('Name').fill(staffName);
    await staffDialog.getByLabel('Email').fill(`dana-${suffix}@example.com`);
    // Weekdays start at 09:00–17:00; Saturday mornings are added.
    await staffDialog.getByRole('switch', { name: 'Saturday' }).check({ force: true });
    await staffDialog.getByLabel('Saturday until').fill('13:00');
    await capture(page, 'staff-new');
    await staffDialog.getByRole('button', { name: 'Add staff member' }).click();
    await expect(page.getByText(staffName)).toBeVisible();
    await capture(page, 'staff');

    const staffAnswer = await request.post('/bookings/v1/staff-members/query', {
      headers: owner,
      data: { query: {} },
    });
    const staffList = (await staffAnswer.json()) as {
      staffMembers: Array<{
        id: string;
        name: string;
        workingHours: Array<{ weekday: string; endTime: string }>;
      }>;
    };
    const created = staffList.staffMembers.find((member) => member.name === staffName);
    expect(created?.workingHours.find((period) => period.weekday === 'SAT')?.endTime).toBe('13:00');
    staffId = created!.id;

    await nav(page, 'Services');
    await page.getByRole('button', { name: 'New service' }).click();
    const serviceDialog = page.getByRole('dialog');
    await serviceDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(serviceName);
    await serviceDialog.getByRole('textbox', { name: 'Price', exact: true }).fill('65');
    await serviceDialog.getByRole('textbox', { name: 'Web address' }).fill(`deep-tissue-${suffix}`);
    await serviceDialog.getByRole('combobox', { name: 'Staff' }).click();
    await page.getByRole('option', { name: staffName }).click();
    // Closing the staff dropdown first: it covers the switches below it.
    await serviceDialog.getByRole('heading', { name: 'New service' }).click();
    await serviceDialog.getByRole('switch', { name: 'I approve each booking myself' }).click({ force: true });
    await expect(serviceDialog.getByRole('switch', { name: 'I approve each booking myself' })).toBeChecked();
    await capture(page, 'service-new');
    await serviceDialog.getByRole('button', { name: 'Create service' }).click();
    await expect(page.getByRole('cell', { name: new RegExp(`^${serviceName}`) })).toBeVisible();
    await capture(page, 'services');

    const serviceAnswer = await request.post('/bookings/v2/services/query', {
      headers: owner,
      data: { query: { filter: { name: { $eq: serviceName } } } },
    });
    const services = (await serviceAnswer.json()) as {
      services: Array<{
        id: string;
        staffMemberIds: string[];
        onlineBooking?: { requireManualApproval?: boolean };
      }>;
    };
    expect(services.services).toHaveLength(1);
    expect(services.services[0]!.staffMemberIds).toEqual([staffId]);
    expect(services.services[0]!.onlineBooking?.requireManualApproval).toBe(true);
    serviceId = services.services[0]!.id;
  });

  test('a visitor books on the site; the owner confirms it, drags it to a new time and marks attendance', async ({
    page,
    request,
  }) => {
    const email = await visitorBooks(page, serviceName, 'Vera');
    const booked = await findBooking(request, email);
    expect(booked.status).toBe('PENDING');
    const start = new Date(booked.startDate);

    await signIn(page, ownerLogin);
    await page.goto(`/dashboard/calendar?date=${start.toISOString().slice(0, 10)}`);
    const event = page.getByText(`Vera Visitor · ${serviceName}`);
    await expect(event).toBeVisible();
    await capture(page, 'calendar');

    await event.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('cell', { name: email })).toBeVisible();
    // Confirming asks first, and the customer is emailed (with the owner's words) unless the owner says not.
    await drawer.getByRole('button', { name: 'Confirm', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Confirm this booking?' });
    await expect(ask.getByRole('checkbox', { name: 'Email the customer about this' })).toBeChecked();
    await ask.getByLabel('Message to the customer (optional)').fill('Bring comfortable clothes, Vera.');
    await ask.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(ask).toBeHidden();
    await expect(drawer.getByText('Confirmed', { exact: true }).first()).toBeVisible();
    await expect
      .poll(async () => {
        const mail = await request.get(
          `/mail/v1/outbox?to=${encodeURIComponent(email)}&kind=bookings.confirmation`,
          { headers: owner },
        );
        return ((await mail.json()) as { messages: Array<{ text: string }> }).messages[0]?.text ?? '';
      })
      .toContain('Bring comfortable clothes, Vera.');
    const history = drawer.getByTestId('booking-history');
    await expect(history.getByText('Booked', { exact: true })).toBeVisible();
    await expect(history.getByText('Confirmed', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // A real drag with the mouse: two hours later (earlier when that would leave the day's grid).
    const hours = start.getUTCHours() <= 18 ? 2 : -2;
    const moved = new Date(start.getTime() + hours * 3_600_000);
    await dragEvent(page, page.getByText(`Vera Visitor · ${serviceName}`), start, moved);
    const conflict = page.getByRole('button', { name: 'Move anyway (double-book)' });
    const done = page.getByText('Booking moved.');
    await expect(conflict.or(done)).toBeVisible();
    if (await conflict.isVisible()) await conflict.click();
    await expect(done).toBeVisible();
    await expect.poll(async () => (await findBooking(request, email)).startDate).toBe(moved.toISOString());

    await page.getByText(`Vera Visitor · ${serviceName}`).click();
    await expect(history.getByText('Rescheduled', { exact: true })).toBeVisible();
    await drawer.getByText('Attended', { exact: true }).click();
    await expect(page.getByText('Attendance saved.')).toBeVisible();
    await expect(history.getByText('Attendance marked', { exact: true })).toBeVisible();
    await capture(page, 'booking-details');

    const check = await request.post('/bookings/v2/extended-bookings/query', {
      headers: owner,
      data: { query: { filter: { id: booked.id } }, withBookingAttendanceInfo: true },
    });
    const [extended] = (
      (await check.json()) as {
        extendedBookings: Array<{
          booking: { status: string };
          attendanceInfo?: { attendanceStatus: string };
        }>;
      }
    ).extendedBookings;
    expect(extended?.booking.status).toBe('CONFIRMED');
    expect(extended?.attendanceInfo?.attendanceStatus).toBe('ATTENDED');
  });

  test('the owner books a customer into an empty time and blocks time for the staff member', async ({
    page,
    request,
  }) => {
    // Eight days or more ahead: never the day the calendar tests put their classes on (4-7 days ahead).
    const day = weekdayAhead(8);
    const at = (hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`);
    await signIn(page, ownerLogin);
    await page.goto(`/dashboard/calendar?date=${day}`);
    await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();

    await selectTime(page, at(14), at(14));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Service', { exact: true }).click();
    await page.getByRole('option', { name: serviceName }).click();
    await expect(dialog.getByLabel('Staff member', { exact: true })).toHaveValue(staffName);
    await dialog.getByLabel('First name').fill('Walk');
    await dialog.getByLabel('Last name').fill('In');
    await dialog.getByLabel('Email', { exact: true }).fill(`walk-in-${suffix}@example.com`);
    await dialog.getByLabel('Phone').fill('+44 20 7946 0001');
    await capture(page, 'calendar-new-booking');
    await dialog.getByRole('button', { name: 'Create booking' }).click();
    await expect(page.getByText('Booking created.')).toBeVisible();
    await expect(page.getByText(`Walk In · ${serviceName}`)).toBeVisible();
    const walkIn = await findBooking(request, `walk-in-${suffix}@example.com`);
    // The business booked it itself: confirmed at once, although the service asks for approval.
    expect(walkIn).toMatchObject({ status: 'CONFIRMED', startDate: at(14).toISOString() });

    // 13:30-14:30 overlaps the walk-in: the server refuses, and the owner may insist (a double booking).
    const halfPastOne = new Date(at(13).getTime() + 30 * 60_000);
    await selectTime(page, halfPastOne, halfPastOne);
    await dialog.getByLabel('Service', { exact: true }).click();
    await page.getByRole('option', { name: serviceName }).click();
    await dialog.getByLabel('First name').fill('Over');
    await dialog.getByLabel('Email', { exact: true }).fill(`over-${suffix}@example.com`);
    await dialog.getByRole('button', { name: 'Create booking' }).click();
    await expect(dialog.getByText('The staff member is busy then')).toBeVisible();
    await dialog.getByRole('button', { name: 'Book anyway (double-book)' }).click();
    await expect(page.getByText('Booking created.').last()).toBeVisible();
    const overlapping = await request.post('/bookings/v2/extended-bookings/query', {
      headers: owner,
      data: { query: { filter: { 'contactDetails.email': `over-${suffix}@example.com` } } },
    });
    const [over] = (
      (await overlapping.json()) as {
        extendedBookings: Array<{ booking: { startDate: string; doubleBooked?: boolean } }>;
      }
    ).extendedBookings;
    expect(over?.booking).toMatchObject({ startDate: halfPastOne.toISOString(), doubleBooked: true });

    // Dragging over 15:00-16:00 selects the hour; the block removes it from what customers can book.
    await selectTime(page, at(15), new Date(at(16).getTime() - 30 * 60_000));
    await dialog.getByText('Block time', { exact: true }).click();
    await expect(dialog.getByText(/(15:00|03:00 PM).*(16:00|04:00 PM)/)).toBeVisible();
    await dialog.getByLabel('Staff member', { exact: true }).click();
    await page.getByRole('option', { name: staffName }).click();
    await dialog.getByLabel('Reason').fill('Training');
    await capture(page, 'calendar-block-time');
    await dialog.getByRole('button', { name: 'Block time' }).click();
    await expect(page.getByText('Time blocked.')).toBeVisible();
    await expect(page.getByText(`${staffName} · Training`)).toBeVisible();
    await capture(page, 'calendar-blocked');

    const timeOff = await request.get(`/bookings/v1/staff-members/${staffId}/time-off`, { headers: owner });
    const blocks = ((await timeOff.json()) as { timeOff: Array<{ startDate: string; endDate: string }> })
      .timeOff;
    expect(blocks).toContainEqual(
      expect.objectContaining({ startDate: at(15).toISOString(), endDate: at(16).toISOString() }),
    );
    const refused = await request.post('/bookings/v2/bookings', {
      headers: { 'x-atrium-dev-caller': `MEMBER:e2e-${suffix}` },
      data: {
        booking: {
          bookedEntity: {
            slot: { serviceId, startDate: at(15).toISOString(), resource: { id: staffId } },
          },
          contactDetails: { firstName: 'Late', email: `late-${suffix}@example.com` },
          totalParticipants: 1,
        },
      },
    });
    expect(refused.status(), await refused.text()).toBe(409);
  });

  test('a pending booking is approved from the home page, and the bookings list shows it', async ({
    page,
    request,
  }) => {
    await book(request, serviceId, staffId, slotAt(13), 'Finn');
    // Some past days with bookings, for the chart of the last 30 days (counted per day on the server),
    // on top of the demo history the seed recorded.
    const monthBefore = await bookingsInLast30Days(request);
    for (const [daysAgo, name] of [
      [1, 'Gus'],
      [3, 'Hana'],
      [3, 'Ivo'],
      [6, 'Jill'],
    ] as const) {
      const past = slotAt(10);
      past.setUTCDate(past.getUTCDate() - 2 - daysAgo);
      const made = await book(request, serviceId, staffId, past, name);
      await request.post(`/bookings/v2/bookings/${made.id}/confirm`, { headers: owner, data: {} });
    }
    const pendingPair = [];
    for (const [hour, name] of [
      [15, 'Kai'],
      [16, 'Lea'],
    ] as const) {
      const made = await book(request, serviceId, staffId, slotAt(hour), name);
      expect(made.status).toBe('PENDING');
      pendingPair.push({ ...made, email: `${name.toLowerCase()}-${suffix}@example.com` });
    }
    await signIn(page, ownerLogin);
    await expect(page.getByTestId('month-count')).toHaveText(String(monthBefore + 4));
    const row = page.getByTestId('pending-approval').filter({ hasText: 'Finn Visitor' });
    await expect(row).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible({ timeout: 30_000 });
    await capture(page, 'home');
    await row.getByRole('button', { name: 'Approve' }).click();
    // Approved without a mail: the owner unticks it, and Finn's outbox gets no confirmation.
    const ask = page.getByRole('dialog', { name: 'Confirm this booking?' });
    await ask.getByRole('checkbox', { name: 'Email the customer about this' }).uncheck();
    await expect(ask.getByLabel('Message to the customer (optional)')).toHaveCount(0);
    await ask.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByText('Booking confirmed.')).toBeVisible();
    const finnMail = await request.get(
      `/mail/v1/outbox?to=${encodeURIComponent(`finn-${suffix}@example.com`)}&kind=bookings.confirmation`,
      { headers: owner },
    );
    expect(((await finnMail.json()) as { messages: unknown[] }).messages).toHaveLength(0);
    await expect(row).toHaveCount(0);

    await nav(page, 'Bookings');
    const listRow = page.getByRole('row', { name: /Finn Visitor/ });
    await expect(listRow.getByText('Confirmed')).toBeVisible();
    // Two more requests are approved together: one call for the selection.
    for (const name of ['Kai', 'Lea']) {
      await page
        .getByRole('row', { name: new RegExp(`${name} Visitor`) })
        .getByRole('checkbox', { name: 'Select booking' })
        .check({ force: true });
    }
    await expect(page.getByText('2 bookings selected')).toBeVisible();
    await capture(page, 'bookings');
    await page.getByRole('button', { name: 'Confirm selected' }).click();
    await expect(page.getByText('2 bookings updated.')).toBeVisible();
    for (const booking of pendingPair) {
      await expect.poll(async () => (await findBooking(request, booking.email)).status).toBe('CONFIRMED');
    }

    for (const [link, name] of [
      ['Policies', 'policies'],
      ['Settings', 'settings'],
      ['Team', 'team'],
      ['API keys', 'api-keys'],
    ] as const) {
      await nav(page, link);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await capture(page, name);
    }
  });

  test('a staff user sees no settings and cannot open them', async ({ page, request }) => {
    const email = `staff-${suffix}@example.com`;
    const password = 'staff-password-1';
    const invite = await request.post('/identity/v1/staff/invitations', {
      headers: owner,
      data: { email, role: 'STAFF' },
    });
    expect(invite.status()).toBe(200);
    let token = '';
    await expect
      .poll(async () => {
        const mail = await request.get(
          `/mail/v1/outbox?to=${encodeURIComponent(email)}&kind=identity.staff-invitation`,
          { headers: owner },
        );
        const body = (await mail.json()) as { messages: Array<{ text: string }> };
        token = /Invitation token: (\S+)/.exec(body.messages[0]?.text ?? '')?.[1] ?? '';
        return token;
      })
      .not.toBe('');
    // The link in the mail opens the dashboard's invitation page: a password, and the user is signed in.
    await page.setViewportSize(viewports.desktop);
    await page.goto(`/dashboard/accept-invitation?token=${encodeURIComponent(token)}`);
    await expect(page.getByRole('heading', { name: 'Join the team' })).toBeVisible();
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Staff');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('textbox', { name: 'Repeat the password' }).fill(password);
    await capture(page, 'accept-invitation');
    await page.getByRole('button', { name: 'Join and sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();
    // A used invitation cannot be used again.
    await page.goto(`/dashboard/accept-invitation?token=${encodeURIComponent(token)}`);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('textbox', { name: 'Repeat the password' }).fill(password);
    await page.getByRole('button', { name: 'Join and sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('This invitation cannot be used');

    const login = await request.post('/identity/v1/dashboard/login', { data: { email, password } });
    expect(login.status()).toBe(200);
    const { access_token: accessToken } = (await login.json()) as { access_token: string };
    // The server refuses, whatever the screen shows.
    const refused = await request.patch('/sites/v1/site', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { site: { name: 'Taken over' } },
    });
    expect(refused.status()).toBe(403);

    await signIn(page, { email, password });
    const navigation = page.getByRole('navigation', { name: 'Dashboard navigation' });
    await expect(navigation.getByRole('link', { name: 'Calendar' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await page.goto('/dashboard/settings');
    await expect(page.getByText('Not available for your role')).toBeVisible();
    await capture(page, 'staff-settings-refused');
  });
});
